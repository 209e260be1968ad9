import simpleRestProvider from 'ra-data-simple-rest';
import { addRefreshAuthToDataProvider } from 'react-admin';
import { apiBase, httpClient, refreshAuth } from './httpClient.ts';

/** ra-data-simple-rest, unchanged, over the bearer-token client; the API follows its wire contract. */
export const dataProvider = addRefreshAuthToDataProvider(simpleRestProvider(apiBase, httpClient), refreshAuth);
