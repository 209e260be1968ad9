import { useEffect } from 'react';
import { useI18nProvider } from 'react-admin';

/**
 * Keeps `<html lang>` to the language the page is drawn in, for screen readers and the browser's
 * choice of fonts. The provider's locale changes only once the language's messages have arrived,
 * and this runs after the page has been drawn again in them.
 */
export function DocumentLanguage() {
  const locale = useI18nProvider().getLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}
