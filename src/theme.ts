import { deepmerge } from '@mui/utils';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Brand } from '../brands/index.ts';
import { DEVANAGARI_FAMILY } from './devanagariFont.ts';

export const HEADER_HEIGHT = 80;
export const SIDEBAR_WIDTH = 290;

/** The spec's breakpoints: 600, 960, 1280, 1840. */
const shared = (brand: Brand): RaThemeOptions => ({
  palette: { primary: { main: brand.palette.primary }, secondary: { main: brand.palette.secondary } },
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1840 } },
  sidebar: { width: SIDEBAR_WIDTH, closedWidth: 56 },
  shape: { borderRadius: 8 },
  // MUI's faces have no Devanagari: Hindi takes the bundled face before the system's sans-serif
  typography: { fontFamily: `"Roboto", "Helvetica", "Arial", "${DEVANAGARI_FAMILY}", sans-serif` },
  components: {
    RaAppBar: {
      styleOverrides: { root: { '& .RaAppBar-toolbar': { minHeight: HEADER_HEIGHT, height: HEADER_HEIGHT } } },
    },
    RaLayout: { styleOverrides: { root: { '& .RaLayout-appFrame': { marginTop: HEADER_HEIGHT } } } },
    RaSidebar: { styleOverrides: { fixed: { top: HEADER_HEIGHT, height: `calc(100vh - ${HEADER_HEIGHT}px)` } } },
    // a phone's form toolbar stays at the foot of the screen while the form goes on, then stops at its end:
    // fixed (react-admin's), it covered the footer's links for good
    RaToolbar: { styleOverrides: { root: { '&.RaToolbar-mobileToolbar': { position: 'sticky' } } } },
  } as RaThemeOptions['components'],
});

/** Light and dark themes in the brand's colours; react-admin picks by the system preference. */
export function brandThemes(brand: Brand) {
  return {
    light: deepmerge(defaultLightTheme, shared(brand)) as RaThemeOptions,
    dark: deepmerge(defaultDarkTheme, shared(brand)) as RaThemeOptions,
  };
}
