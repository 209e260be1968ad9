import { apiCall } from './httpClient.ts';
import { encryptPassword } from './encryptPassword.ts';
import { writeSession, type Session } from './session.ts';
import { normaliseUsername } from '../core/username.ts';

/** Set by an explicit sign-out so the next check does not call it an expired session. */
export const SIGNED_OUT_FLAG = 'waymark.signedOut';

interface SignedIn {
  user: Session['user'];
  role: Session['role'];
  token: { access: { token: string; expires: string }; refresh: { token: string; expires: string } };
  /** Shown once, when the sign-in itself turned the authenticator on. */
  recoveryCodes?: string[];
}

/** What the password still leaves to do: a code from the authenticator app, or adding one (server/auth/totp-routes.ts). */
export interface SecondStep {
  secondStep: 'totp' | 'enrol';
  challenge: string;
}

interface LoginAnswer {
  success: boolean;
  message: string;
  data: SignedIn | SecondStep;
}

/** Keeps the session a complete sign-in answered with. */
function keepSession({ user, role, token }: SignedIn) {
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

/** Ends a sign-in at its second step; answers the recovery codes when it turned the authenticator on. */
export async function finishSignIn(path: '/auth/login/second-step' | '/auth/login/enrol/confirm', body: object) {
  const answer = await apiCall<{ data: SignedIn }>(path, 'POST', body);
  keepSession(answer.data);
  return answer.data.recoveryCodes;
}

/**
 * Signs in and keeps the session, or answers the second step the account still needs. Apart from
 * the auth provider, so the sign-in page can run without the resource declarations the provider's
 * access checks read.
 */
export async function signIn({
  username,
  password,
}: {
  username: string;
  password: string;
}): Promise<SecondStep | null> {
  const { data: key } = await apiCall<{ data: { publicKey: string } }>('/auth/public-key');
  const answer = await apiCall<LoginAnswer>('/auth/login', 'POST', {
    username: normaliseUsername(username),
    password: await encryptPassword(key.publicKey, password),
  });
  if ('secondStep' in answer.data) return answer.data;
  keepSession(answer.data);
  return null;
}
