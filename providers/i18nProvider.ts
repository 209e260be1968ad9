import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import en from '../core/i18n/en.ts';
import { withDeclaredTexts } from '../resources/messages.ts';

const LOCALE_KEY = 'waymark.locale';
export const locales = [
  { locale: 'en', name: 'English' },
  { locale: 'hi', name: 'हिन्दी' },
];

function storedLocale() {
  try {
    const value = localStorage.getItem(LOCALE_KEY);
    return value === 'hi' ? 'hi' : 'en';
  } catch {
    return 'en';
  }
}

// English is in the first chunk; the Hindi catalogues are a chunk of their own, fetched only once Hindi is chosen
const english = withDeclaredTexts(en, 'en') as unknown as TranslationMessages;
let hindi: TranslationMessages | undefined;
async function loadHindi() {
  hindi ??= withDeclaredTexts((await import('../core/i18n/hi.ts')).default, 'hi') as unknown as TranslationMessages;
  return hindi;
}

const chosen = storedLocale();
const polyglot = polyglotI18nProvider((locale) => (locale === 'hi' ? (hindi ?? loadHindi()) : english), 'en', locales, {
  allowMissing: true,
});

/** English by default, Hindi complete; the choice is remembered in the browser. */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  async changeLocale(locale) {
    await polyglot.changeLocale(locale);
    if (locale === 'hi' || locale === 'en') localStorage.setItem(LOCALE_KEY, locale);
  },
};

/**
 * Before the first render: a stored Hindi choice fetches its messages, so the page does not flash
 * English after a reload. Not a top-level await: the Hindi chunk imports the first chunk, which
 * would then wait on itself.
 */
export function restoreLocale(): Promise<void> {
  return chosen === 'hi' ? i18nProvider.changeLocale('hi').catch(() => undefined) : Promise.resolve();
}
