import { Font } from '@react-pdf/renderer';

/** The PDF's font families: Latin from Noto Sans, Devanagari (Hindi names and texts) from Noto Sans Devanagari. */
export const PDF_FONTS = ['NotoSans', 'NotoSansDevanagari'];

export interface FontFiles {
  sans: [regular: string, bold: string];
  devanagari: [regular: string, bold: string];
}

/**
 * Registers the bundled fonts (addresses in the browser, file paths in node); no font host is
 * fetched, so a certificate renders offline. Words are never hyphenated.
 */
export function registerFonts(files: FontFiles) {
  Font.register({
    family: 'NotoSans',
    fonts: [
      { src: files.sans[0], fontWeight: 400 },
      { src: files.sans[1], fontWeight: 700 },
    ],
  });
  Font.register({
    family: 'NotoSansDevanagari',
    fonts: [
      { src: files.devanagari[0], fontWeight: 400 },
      { src: files.devanagari[1], fontWeight: 700 },
    ],
  });
  Font.registerHyphenationCallback((word) => [word]);
}
