import { encodePermissions } from '../../core/permissions.ts';

/** Keeps a session as the console does after a sign-in: the role's name and its permission ids, valid for an hour. */
export function storeSession(role: string, permissions: string[], isSuperAdmin = false) {
  const later = new Date(Date.now() + 3_600_000).toISOString();
  localStorage.setItem(
    'waymark.session',
    JSON.stringify({
      accessToken: 'a',
      refreshToken: 'r',
      accessExpiresAt: later,
      refreshExpiresAt: later,
      user: { id: 'u1', firstName: 'Test', lastName: 'User', email: 't@x.in', phone: null },
      role: { name: role, isSuperAdmin, authScopes: [] },
    }),
  );
  localStorage.setItem('waymark.permissions', encodePermissions(permissions));
}
