import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import en from '../src/i18n/en.ts';
import hi from '../src/i18n/hi.ts';

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

/** English by default, Hindi complete; the choice is remembered in the browser. */
export const i18nProvider = polyglotI18nProvider((locale) => {
  if (locale === 'hi' || locale === 'en') localStorage.setItem(LOCALE_KEY, locale);
  return (locale === 'hi' ? hi : en) as unknown as TranslationMessages;
}, storedLocale(), locales, { allowMissing: true });
