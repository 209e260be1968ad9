import regular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import bold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';

/** The theme's face for Hindi (src/theme.ts): bundled, since a machine may have no Devanagari font of its own. */
export const DEVANAGARI_FAMILY = 'Noto Sans Devanagari';

/** Devanagari and the marks and signs Hindi text uses with it. */
const DEVANAGARI_RANGE = 'U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+25CC, U+A830-A839, U+A8E0-A8FF';

/**
 * Declares the bundled face for Devanagari characters only: the browser fetches a weight (50 KB)
 * the first time Devanagari text is laid out, and Latin text never uses it. In English that is
 * the language menu's "हिन्दी" (react-admin keeps the menu mounted), which must be readable on a
 * machine without a Devanagari font so that its user can find Hindi: the regular weight only.
 */
export function declareDevanagariFont() {
  if (typeof FontFace === 'undefined' || !document.fonts) return;
  for (const [url, weight] of [
    [regular, '400'],
    [bold, '700'],
  ] as const) {
    document.fonts.add(
      new FontFace(DEVANAGARI_FAMILY, `url(${url}) format('woff2')`, {
        weight,
        unicodeRange: DEVANAGARI_RANGE,
        display: 'swap',
      }),
    );
  }
}
