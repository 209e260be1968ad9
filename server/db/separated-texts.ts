import { sql, type SQL } from 'drizzle-orm';

/**
 * Many texts as one parameter, a set of rows again in PostgreSQL: `string_to_table` splits them at
 * ASCII's record separator, which a JSON text never holds unescaped. For JSON that is only stored or
 * sent on: a text[] would quote and escape every quote in it, and a JSON array be parsed whole first.
 */
export const separatedTexts = (texts: string[]): SQL => sql`string_to_table(${texts.join('\x1e')}::text, E'\\x1e')`;
