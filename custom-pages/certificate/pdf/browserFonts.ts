import sans400 from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff?url';
import sans700 from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff?url';
import deva400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff?url';
import deva700 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff?url';
import { registerFonts } from './registerFonts.ts';

/** The fonts as assets of the build (Vite copies them next to the console), registered once. */
let registered = false;
export function registerBrowserFonts() {
  if (registered) return;
  registerFonts({ sans: [sans400, sans700], devanagari: [deva400, deva700] });
  registered = true;
}
