import { boot } from './boot.tsx';
import { nextLocation } from './pages/auth/LoginPage.tsx';
import { StandaloneSignIn } from './pages/auth/StandaloneSignIn.tsx';

/**
 * The entry of a visit to /auth/login (sign-in.html): the sign-in page without the console, whose
 * first chunk is most of the time to the first input (issue 15 item 1).
 */
// the router keeps a navigation's state under `usr`: a reload of a page redirected here still knows its way back
boot(() => <StandaloneSignIn next={nextLocation((window.history.state as { usr?: unknown } | null)?.usr)} />);
