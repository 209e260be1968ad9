import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { boot } from './boot.tsx';

// real paths (/auth/login), not react-admin's default hash router. Navigations are not transitions:
// a signed-out visit sends react-admin's logout to /auth/login while the old page's auth check
// refetches and sends it again, and each new transition interrupted the last, so the empty layout
// stayed on screen, pushing /auth/login over and over (tests/e2e/deep-link.e2e.test.ts)
boot(() => (
  <BrowserRouter useTransitions={false}>
    <App />
  </BrowserRouter>
));
