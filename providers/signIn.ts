import { apiCall } from './httpClient.ts';
import { encryptPassword } from './encryptPassword.ts';
import { writeSession, type Session } from './session.ts';
import { normaliseUsername } from '../core/username.ts';

/** Set by an explicit sign-out so the next check does not call it an expired session. */
export const SIGNED_OUT_FLAG = 'waymark.signedOut';

interface LoginAnswer {
  success: boolean;
  message: string;
  data: {
    user: Session['user'];
    role: Session['role'];
    token: { access: { token: string; expires: string }; refresh: { token: string; expires: string } };
  };
}

/**
 * Signs in and keeps the session. Apart from the auth provider, so the sign-in page can run without
 * the resource declarations the provider's access checks read.
 */
export async function signIn({ username, password }: { username: string; password: string }) {
  const { data: key } = await apiCall<{ data: { publicKey: string } }>('/auth/public-key');
  const answer = await apiCall<LoginAnswer>('/auth/login', 'POST', {
    username: normaliseUsername(username),
    password: await encryptPassword(key.publicKey, password),
  });
  const { user, role, token } = answer.data;
  writeSession({
    accessToken: token.access.token,
    accessExpiresAt: token.access.expires,
    refreshToken: token.refresh.token,
    refreshExpiresAt: token.refresh.expires,
    user,
    role,
  });
  sessionStorage.removeItem(SIGNED_OUT_FLAG);
}
