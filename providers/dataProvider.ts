import simpleRestProvider from 'ra-data-simple-rest';
import { addRefreshAuthToDataProvider, type DataProvider, type SortPayload } from 'react-admin';
import { findResource } from '../resources/modules.ts';
import { apiBase, httpClient, refreshAuth } from './httpClient.ts';

/** The collection path of a console resource: its declaration's API path (device-model → /device-model, user → /users). */
export function collectionOf(resource: string): string {
  return findResource(resource)?.api.slice(1) ?? resource;
}

const simpleRest = simpleRestProvider(apiBase, httpClient);

/** ra-data-simple-rest, unchanged, with console resource names mapped to the spec's API paths. */
const mapped = Object.fromEntries(Object.entries(simpleRest).map(([method, call]) => [
  method,
  typeof call === 'function' ? (resource: string, params: unknown) => call(collectionOf(resource), params) : call,
])) as DataProvider;

export interface ExportPage {
  sort: SortPayload;
  filter: Record<string, unknown>;
  start: number;
  end: number;
}

/** One page of an export (the server checks the export permission and allows large pages). */
async function getExportPage(resource: string, { sort, filter, start, end }: ExportPage) {
  const query = new URLSearchParams({
    sort: JSON.stringify([sort.field, sort.order]),
    range: JSON.stringify([start, end]),
    filter: JSON.stringify(filter),
  });
  const { json, headers } = await httpClient(`${apiBase}/${collectionOf(resource)}/export?${query}`);
  const total = Number(headers.get('content-range')?.split('/').pop() ?? 0);
  return { data: json as Record<string, unknown>[], total };
}

export const dataProvider = addRefreshAuthToDataProvider({ ...mapped, getExportPage } as DataProvider & { getExportPage: typeof getExportPage }, refreshAuth);
