import { CssBaseline } from '@mui/material';
import {
  I18nContextProvider,
  localStorageStore,
  StoreContextProvider,
  ThemeProvider,
  ThemesContext,
} from 'react-admin';
import { i18nProvider } from '../../../providers/i18nProvider.ts';
import { currentBrand } from '../../../brands/index.ts';
import { brandThemes } from '../../theme.ts';
import { LoginPage } from './LoginPage.tsx';
import { DocumentLanguage } from '../../DocumentLanguage.tsx';

const store = localStorageStore();
const themes = brandThemes(currentBrand());

/**
 * The sign-in page outside the console, for its own entry (src/sign-in.tsx): the contexts it needs
 * and no more. The same store and themes as the console's <Admin>, so the language and colour
 * choices carry over. After sign-in the page reloads into the console at `next`.
 */
export function StandaloneSignIn({ next }: { next: string }) {
  return (
    <StoreContextProvider value={store}>
      <I18nContextProvider value={i18nProvider}>
        <ThemesContext.Provider value={{ lightTheme: themes.light, darkTheme: themes.dark }}>
          <ThemeProvider>
            <CssBaseline enableColorScheme />
            <LoginPage next={next} />
            <DocumentLanguage />
          </ThemeProvider>
        </ThemesContext.Provider>
      </I18nContextProvider>
    </StoreContextProvider>
  );
}
