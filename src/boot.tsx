import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { restoreLocale } from '../providers/i18nProvider.ts';
import { declareDevanagariFont } from './devanagariFont.ts';

/** What both entries (the console, src/main.tsx, and the sign-in page, src/sign-in.tsx) do before their first render. */
export function boot(page: () => ReactNode) {
  // a service worker left by an earlier console would serve stale files: remove it (spec)
  navigator.serviceWorker
    ?.getRegistrations()
    .then((all) => all.forEach((r) => r.unregister()))
    .catch(() => undefined);
  declareDevanagariFont();
  void restoreLocale().then(() => {
    createRoot(document.getElementById('root')!).render(<StrictMode>{page()}</StrictMode>);
  });
}
