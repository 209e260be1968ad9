/**
 * API tokens (docs/api.md): shared by the console's token screen and the server.
 * Plain TypeScript: imported by the console and the server alike.
 */

/** Every API token begins so: recognisable in a log or a secret scanner, and told from a session's token. */
export const API_TOKEN_PREFIX = 'wmk_';

/** The longest a token may live, in days, and the choices the console offers. */
export const MAX_API_TOKEN_DAYS = 365;
export const API_TOKEN_DAY_CHOICES = [7, 30, 90, 365] as const;
export const MAX_API_TOKEN_NAME = 60;
