/**
 * Advance widths (thousandths of an em) of Noto Sans Bold, the PDF's value font, for ASCII 32 to
 * 126, read from the bundled @fontsource file with fontkit. Any other character counts as a whole
 * em, wider than all of these.
 */
const BOLD_WIDTHS = [
  260, 282, 479, 646, 572, 902, 750, 266, 339, 339, 542, 572, 285, 320, 281, 415, 572, 572, 572, 572, 572, 572, 572,
  572, 572, 572, 281, 285, 572, 572, 572, 477, 898, 692, 665, 642, 732, 560, 549, 724, 765, 389, 331, 664, 559, 943,
  813, 791, 621, 791, 656, 551, 577, 756, 650, 967, 670, 626, 579, 331, 415, 331, 572, 411, 365, 599, 632, 516, 632,
  597, 387, 632, 650, 299, 298, 620, 298, 975, 650, 625, 632, 632, 447, 502, 434, 650, 571, 856, 578, 571, 493, 394,
  551, 394, 572,
];

/** The width in points of `text` in bold Noto Sans at `fontSize` (kerning aside: it only narrows). */
export function boldWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    em += code >= 32 && code <= 126 ? BOLD_WIDTHS[code - 32]! / 1000 : 1;
  }
  return em * fontSize;
}

/** Where a long word may be cut without changing how it reads: after these (an e-mail's @ and dots, a path's slash). */
const CUT_AFTER = new Set(['@', '.', '_', '-', '+', '/', ',', ';', ':']);

/** A word wider than `width` cut into pieces that each fit, after a separator where one is near, else where it fills. */
function cut(word: string, fontSize: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && boldWidth(piece + char, fontSize) > width) {
      const chars = [...piece];
      const after = chars.findLastIndex((c, i) => CUT_AFTER.has(c) && i < chars.length - 1);
      // a separator in the second half of the piece: cut there, carrying the rest on
      if (after >= chars.length / 2) {
        pieces.push(chars.slice(0, after + 1).join(''));
        piece = chars.slice(after + 1).join('');
      } else {
        pieces.push(piece);
        piece = '';
      }
    }
    piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * A value's lines, each as pieces, when one of its words is wider than `width`; otherwise
 * undefined (the value is drawn as one text, wrapped at its spaces). React-pdf breaks a word only
 * by hyphenating it, which would put a "-" into an e-mail that has none: the pieces are drawn side
 * by side and wrap as whole pieces instead, so nothing is added and nothing runs past the cell.
 */
export function piecesToFit(value: string, fontSize: number, width: number): string[][] | undefined {
  const lines = value.split('\n').map((line) => line.split(/(?<= )/));
  if (lines.every((words) => words.every((w) => boldWidth(w.trimEnd(), fontSize) <= width))) return undefined;
  return lines.map((words) =>
    words.flatMap((w) => {
      const word = w.trimEnd();
      if (boldWidth(word, fontSize) <= width) return [w];
      const pieces = cut(word, fontSize, width);
      pieces[pieces.length - 1] += w.slice(word.length);
      return pieces;
    }),
  );
}
