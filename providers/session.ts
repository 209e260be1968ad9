import type { AuthScope } from '../core/permissions.ts';
import { decodePermissions, encodePermissions, flattenAuthScopes } from '../core/permissions.ts';

/** The signed-in session as kept in local storage. */
export interface Session {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: string;
  refreshExpiresAt: string;
  user: SessionUser;
  /** isSuperAdmin: the built-in super-admin role (the server decides by it too, never by the name). */
  role: { name: string; isSuperAdmin?: boolean; authScopes: AuthScope[] };
}

export interface SessionUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  avatar?: string | null;
  organisation?: { id: string; brandName: string; tradeName: string };
}

/** The local-storage keys the session is kept under (the browser tests sign a context in through them too). */
export const SESSION_KEY = 'waymark.session';
export const PERMISSIONS_KEY = 'waymark.permissions';

export function readSession(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

/** Whether a stored session has every part the console needs. */
export function isComplete(session: Session | null): session is Session {
  return Boolean(
    session?.accessToken &&
    session.refreshToken &&
    session.accessExpiresAt &&
    session.refreshExpiresAt &&
    session.user?.id &&
    session.role?.name,
  );
}

export const isExpired = (isoTime: string, marginMs = 0) => !(Date.parse(isoTime) - marginMs > Date.now());

export function writeSession(session: Session) {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  localStorage.setItem(PERMISSIONS_KEY, encodePermissions(flattenAuthScopes(session.role.authScopes)));
}

export function clearSession() {
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(PERMISSIONS_KEY);
}

export function readPermissions(): string[] {
  return decodePermissions(localStorage.getItem(PERMISSIONS_KEY));
}
