import { addRefreshAuthToAuthProvider, type AuthProvider } from 'react-admin';
import { hasPermission } from '../core/permissions.ts';
import { permissionFor } from './resourceAccess.ts';
import { apiCall, refreshAuth } from './httpClient.ts';
import {
  clearSession,
  isComplete,
  isExpired,
  readPermissions,
  readSession,
  writeSession,
  type Session,
} from './session.ts';
import { signIn, SIGNED_OUT_FLAG } from './signIn.ts';
import { SIGN_IN_PATH } from '../core/sign-in-path.ts';

let userLoaded: Promise<void> | null = null;

/** Once per page load: the user and role as the server has them now, so role edits show up. */
function loadUser(session: Session) {
  userLoaded ??= apiCall<{ data: Session['user'] & { role: Session['role'] } }>(
    `/auth/logged-in-user/${session.user.id}`,
  )
    .then(({ data }) => {
      const current = readSession();
      if (!current) return;
      const { role, ...user } = data;
      writeSession({
        ...current,
        user,
        role: { name: role.name, isSuperAdmin: role.isSuperAdmin, authScopes: role.authScopes },
      });
    })
    .catch((error) => {
      userLoaded = null;
      throw error;
    });
  return userLoaded;
}

/** The key checkAuth rejects with after an explicit sign-out: the notifications drop it silently. */
export const SIGNED_OUT_MESSAGE = 'auth.signedOut';

function sessionExpired() {
  clearSession();
  // an explicit sign-out is not an expiry. (A message of false would be the react-admin way to stay
  // silent, but it sends react-admin 5.15 into a redirect loop.)
  const message = sessionStorage.getItem(SIGNED_OUT_FLAG) ? SIGNED_OUT_MESSAGE : 'auth.sessionExpired';
  return Promise.reject({ message, redirectTo: SIGN_IN_PATH });
}

const baseAuthProvider: AuthProvider = {
  async login(credentials: { username: string; password: string }) {
    await signIn(credentials);
    // the login page reloads into the page asked for
    return { redirectTo: false };
  },

  async logout() {
    const session = readSession();
    if (session?.refreshToken) {
      sessionStorage.setItem(SIGNED_OUT_FLAG, '1');
      try {
        await apiCall('/auth/logout', 'POST', { refreshToken: session.refreshToken });
      } catch (error) {
        console.warn('logout failed', error);
      }
    }
    clearSession();
    userLoaded = null;
    return SIGN_IN_PATH;
  },

  async checkAuth() {
    const session = readSession();
    if (!isComplete(session) || isExpired(session.refreshExpiresAt)) return sessionExpired();
    if (isExpired(session.accessExpiresAt)) {
      // refreshAuth ran just before and failed, so the tokens are gone
      return sessionExpired();
    }
    await loadUser(session).catch(() => undefined);
    if (!readSession()) return sessionExpired();
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      clearSession();
      throw { message: 'auth.sessionExpired', redirectTo: SIGN_IN_PATH };
    }
  },

  async getIdentity() {
    const session = readSession();
    if (!session) throw new Error('Not signed in');
    const { user } = session;
    return {
      ...user,
      fullName: `${user.firstName} ${user.lastName}`.trim(),
      avatar: user.avatar ?? undefined,
      role: session.role.name,
      isSuperAdmin: session.role.isSuperAdmin === true,
    };
  },

  async getPermissions() {
    return readPermissions();
  },

  /** A module or action is reachable when its permission id is in the list (the super-admin role: always). */
  async canAccess({ resource, action }: { resource: string; action: string }) {
    const anyOf = permissionFor(resource, action) ?? [];
    return anyOf.some((permission) => hasPermission(readSession()?.role.isSuperAdmin, readPermissions(), permission));
  },
};

// a failed refresh clears the session; checkAuth then reports it as expired
export const authProvider = addRefreshAuthToAuthProvider(baseAuthProvider, refreshAuth);
