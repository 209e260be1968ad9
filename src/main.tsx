import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';

// a service worker left by an earlier console would serve stale files: remove it (spec)
navigator.serviceWorker?.getRegistrations().then((all) => all.forEach((r) => r.unregister())).catch(() => undefined);

// real paths (/auth/login), not react-admin's default hash router
createRoot(document.getElementById('root')!).render(<StrictMode><BrowserRouter><App /></BrowserRouter></StrictMode>);
