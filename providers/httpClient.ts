import { fetchUtils, HttpError } from 'react-admin';
import { i18nProvider } from './i18nProvider.ts';
import { localise, type SaidOnWire } from './serverMessages.ts';
import { currentBrand } from '../brands/index.ts';
import { clearSession, isComplete, isExpired, readSession, writeSession } from './session.ts';

export const apiBase = currentBrand().apiBase;

/**
 * The one HTTP client: JSON, the stored bearer token, and errors rejected as react-admin's
 * HttpError carrying the response body (whose message the screens show), the server's keyed
 * messages translated (providers/serverMessages.ts).
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const session = readSession();
  if (session?.accessToken && !headers.has('Authorization'))
    headers.set('Authorization', `Bearer ${session.accessToken}`);
  // the console's language, for words the server writes itself (the password-reset code's e-mail or SMS)
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', i18nProvider.getLocale());
  const full = url.startsWith('http') || url.startsWith(`${apiBase}/`) ? url : `${apiBase}${url}`;
  // what the server says with a key is shown in the user's language
  const translate = i18nProvider.translate;
  try {
    const response = await fetchUtils.fetchJson(full, { ...options, headers });
    return { ...response, json: localise(response.json, translate) };
  } catch (error) {
    if (!(error instanceof HttpError) || !error.body) throw error;
    const body = localise(error.body as SaidOnWire, translate);
    throw body === error.body ? error : new HttpError(body.message ?? error.message, error.status, body);
  }
}

/** A call with a JSON body to a path under the API base; the parsed answer. */
export async function apiCall<T = { success: boolean; message: string }>(
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<T> {
  await refreshAuth();
  const response = await httpClient(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return response.json as T;
}

let refreshing: Promise<void> | null = null;

/**
 * Makes sure the access token is good for the next call: refreshes it when it is about to expire.
 * Parallel callers share one refresh (a rotated refresh token must never be sent twice). A refresh
 * the server refuses ends the session and resolves all the same: the call then goes out unsigned,
 * so a public call (signing in again) still works and a protected one gets its 401.
 */
export function refreshAuth(): Promise<void> {
  const session = readSession();
  if (!isComplete(session) || isExpired(session.refreshExpiresAt) || !isExpired(session.accessExpiresAt, 30_000)) {
    return Promise.resolve();
  }
  refreshing ??= (async () => {
    try {
      const response = await fetchUtils.fetchJson(`${apiBase}/auth/refresh-tokens`, {
        method: 'POST',
        body: JSON.stringify({ refreshToken: session.refreshToken }),
      });
      const { access, refresh } = response.json.data as {
        access: { token: string; expires: string };
        refresh: { token: string; expires: string };
      };
      writeSession({
        ...session,
        accessToken: access.token,
        accessExpiresAt: access.expires,
        refreshToken: refresh.token,
        refreshExpiresAt: refresh.expires,
      });
    } catch {
      clearSession();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}
