import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import en from '../../core/i18n/en.ts';
import hi from '../../core/i18n/hi.ts';

const flat = (value: unknown, prefix = ''): [string, unknown][] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k))
    : [[prefix, value]];

/** A message key, as it would show if a translation were missing or a key were used as a text. */
const RAW_KEY = /^(ra|resources|fitment|validation|upload|auth|sim|tracking|permissions|app)\.[\w.]+$/;

// react-admin hands a validator's message to the screen as `@@react-admin@@{json}`; it must never be
// stored as a text, nor come out of the translator
describe.each([
  ['en', en],
  ['hi', hi],
] as const)('the %s catalogue', (locale, messages) => {
  const entries = flat(messages);
  const { translate } = polyglotI18nProvider(() => messages as unknown as TranslationMessages, locale);

  it('holds texts only: no encoded validator message, no message key', () => {
    expect(entries.length).toBeGreaterThan(500);
    const bad = entries.filter(([, text]) => typeof text !== 'string' || text.includes('@@') || RAW_KEY.test(text));
    expect(bad).toEqual([]);
  });

  it('renders every key as a text of its own', () => {
    const args = { smart_count: 2, label: 'X', name: 'X', min: 1, max: 3 };
    const bad = entries
      .map(([key]) => [key, translate(key, args)] as const)
      .filter(([key, text]) => text === key || text.includes('@@') || RAW_KEY.test(text));
    expect(bad).toEqual([]);
  });
});

describe('the Hindi catalogue', () => {
  it("translates every react-admin message, not only the app's own", async () => {
    const { default: raEnglish } = await import('ra-language-english');
    const hindi = new Map(flat(hi));
    const english = flat(raEnglish);
    expect(english.length).toBeGreaterThan(150);
    // a text that is only placeholders ('%{name} %{recordRepresentation}') reads the same in both
    const wordsIn = (text: unknown) =>
      String(text)
        .replace(/%\{\w+\}/g, '')
        .trim() !== '';
    const untranslated = english
      .filter(([key, text]) => !hindi.has(key) || (hindi.get(key) === text && wordsIn(text)))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});

describe('the keys the server says', () => {
  const sources = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory()
          ? sources(path.join(dir, entry.name))
          : entry.name.endsWith('.ts')
            ? [path.join(dir, entry.name)]
            : [],
      );
  const keys = new Set(
    sources('server').flatMap((file) =>
      [
        ...fs
          .readFileSync(file, 'utf8')
          // a key said or rendered (a socket's close reason, the outbox's text), or any api.* key (in a ?: too)
          .matchAll(/\b(?:said|message|closeReason)\('([\w.-]+)'|\btextIn\(\w+, '([\w.-]+)'|'(api\.[\w-]+\.[\w.-]+)'/g),
      ].map((m) => (m[1] ?? m[2] ?? m[3])!),
    ),
  );
  const has = (messages: unknown, key: string) =>
    typeof key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages) === 'string';

  it('are in both catalogues, so the console can say them in either language', () => {
    expect(keys.size).toBeGreaterThan(50);
    expect([...keys].filter((key) => !has(en, key) || !has(hi, key))).toEqual([]);
  });
});
