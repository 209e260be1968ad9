/** The sign-in page's address (spec platform-shell §2): the console routes and redirects to it, and the server serves the sign-in page's own entry there. */
export const SIGN_IN_PATH = '/auth/login';
