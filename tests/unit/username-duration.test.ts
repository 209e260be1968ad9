import { describe, expect, it } from 'vitest';
import { normaliseUsername } from '../../core/username.ts';
import { formatDuration, splitDuration } from '../../core/format/duration.ts';
import appEn from '../../core/i18n/app-en.ts';
import appHi from '../../core/i18n/app-hi.ts';
import { withDeclaredTexts } from '../../resources/messages.ts';

// the catalogues as the console and the server use them: with the texts entity declarations carry
const en = withDeclaredTexts(appEn, 'en');
const hi = withDeclaredTexts(appHi, 'hi');

describe('normaliseUsername', () => {
  it('keeps e-mails (lower-cased) and +91 numbers, and prefixes anything else with +91', () => {
    expect(normaliseUsername('Priya@Example.com')).toBe('priya@example.com');
    expect(normaliseUsername('+919876543210')).toBe('+919876543210');
    expect(normaliseUsername('9876543210')).toBe('+919876543210');
    expect(normaliseUsername(' 98765 43210 ')).toBe('+919876543210');
    expect(normaliseUsername('admin')).toBe('+91admin');
  });
});

describe('duration display', () => {
  const t = (key: string, options?: { smart_count: number }) => {
    const n = options?.smart_count ?? 0;
    const unit = key.split('.')[1]!.replace(/s$/, '');
    return `${n} ${unit}${n === 1 ? '' : 's'}`;
  };

  it('splits into years of 365 days, months of 30 days, then days', () => {
    expect(splitDuration(365)).toEqual({ years: 1, months: 0, days: 0 });
    expect(splitDuration(730)).toEqual({ years: 2, months: 0, days: 0 });
    expect(splitDuration(400)).toEqual({ years: 1, months: 1, days: 5 });
    expect(splitDuration(29)).toEqual({ years: 0, months: 0, days: 29 });
    expect(splitDuration(360)).toEqual({ years: 0, months: 12, days: 0 });
  });

  it('names only the parts that are not zero', () => {
    expect(formatDuration(365, t)).toBe('1 year');
    expect(formatDuration(730, t)).toBe('2 years');
    expect(formatDuration(396, t)).toBe('1 year 1 month 1 day');
    expect(formatDuration(0, t)).toBe('0 days');
  });
});

describe('Hindi messages', () => {
  const flat = (value: unknown, prefix = ''): [string, unknown][] =>
    value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k))
      : [[prefix, value]];

  it('translate every English key of the console, none left empty or in English', () => {
    const english = new Map(flat(en));
    const hindi = new Map(flat(hi));
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
    const untranslated = [...english].filter(
      ([key, text]) =>
        !String(hindi.get(key)).trim() ||
        (hindi.get(key) === text && /[a-z]{3}/.test(String(text)) && !/^%\{/.test(String(text))),
    );
    expect(untranslated).toEqual([]);
  });
});
