import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { restoreLocale } from '../providers/i18nProvider.ts';

// a service worker left by an earlier console would serve stale files: remove it (spec)
navigator.serviceWorker?.getRegistrations().then((all) => all.forEach((r) => r.unregister())).catch(() => undefined);

// real paths (/auth/login), not react-admin's default hash router. Navigations are not transitions:
// a signed-out visit sends react-admin's logout to /auth/login while the old page's auth check
// refetches and sends it again, and each new transition interrupted the last, so the empty layout
// stayed on screen, pushing /auth/login over and over (tests/e2e/deep-link.e2e.test.ts)
void restoreLocale().then(() => {
  createRoot(document.getElementById('root')!).render(<StrictMode><BrowserRouter useTransitions={false}><App /></BrowserRouter></StrictMode>);
});
