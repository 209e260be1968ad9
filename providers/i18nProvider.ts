import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import en from '../src/i18n/en.ts';

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
const loaded: Record<string, TranslationMessages> = { en: en as unknown as TranslationMessages };

async function loadHindi() {
  loaded.hi ??= (await import('../src/i18n/hi.ts')).default as unknown as TranslationMessages;
  return loaded.hi;
}

// a stored Hindi choice is fetched before the first render, so the page does not flash English after a reload
const initialLocale = storedLocale();
if (initialLocale === 'hi') await loadHindi().catch(() => undefined);

/** English by default, Hindi complete; the choice is remembered in the browser. */
export const i18nProvider = polyglotI18nProvider((locale) => {
  if (locale === 'hi' || locale === 'en') localStorage.setItem(LOCALE_KEY, locale);
  if (locale !== 'hi') return loaded.en!;
  return loaded.hi ?? loadHindi();
}, loaded[initialLocale] ? initialLocale : 'en', locales, { allowMissing: true });
