import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema.ts';
import { isInOrganisationTree } from '../organisations/scope.ts';
import { badRequest, forbidden, notFound, spoken, unauthorized } from '../http/errors.ts';
import { PUBLIC, SIGNED_IN } from '../http/permissions.ts';
import { normaliseUsername, MAX_CREDENTIAL_LENGTH } from '../../core/username.ts';
import { hasPermission } from '../../core/permissions.ts';
import { findUserById, findUserByUsername, replacePasswordHash, setPassword } from '../users/service.ts';
import { requireCaller } from './caller.ts';
import { decryptPassword, sha256, type AuthKeys } from './keys.ts';
import { checkPasswordRule, prepareDecoyHash, rehashIfOld, verifyPassword } from './passwords.ts';
import { issueTokens, revokeFamily, revokeUserSessions, spendRefreshToken } from './tokens.ts';
import { assertNotLocked, clearFailures, recordFailure } from './throttle.ts';
import { MINUTE, perAccount, perAddress, throttle } from '../http/rate-limits.ts';
import * as schemas from './schemas.ts';
import { errors } from '../openapi/shared.ts';
import { authResponses } from '../openapi/auth.ts';
import { secondStepFor, signChallenge } from './totp.ts';
import { said } from '../resources/messages.ts';

const WRONG_CREDENTIALS = said('api.auth.wrongCredentials');

/** The answer of a sign-in that is complete: the user, his role and a new session's tokens. */
export async function signedIn(db: Db, keys: AuthKeys, found: NonNullable<Awaited<ReturnType<typeof findUserById>>>) {
  const token = await issueTokens(db, keys, found.row.id);
  const { role, ...user } = found.public;
  return {
    success: true,
    ...spoken(said('auth.loginSuccess')),
    data: {
      user: { ...user, role: { id: role.id, name: role.name } },
      role: { name: role.name, isSuperAdmin: role.isSuperAdmin, authScopes: role.authScopes },
      token,
    },
  };
}

/** The account a sign-in or reset request names, as typed (normalised): counted whether or not it exists. */
export const namedAccount = (request: FastifyRequest) => {
  const username = (request.body as { username?: unknown } | undefined)?.username;
  return typeof username === 'string' ? normaliseUsername(username) : undefined;
};
/** The signed-in caller's account. */
export const callerAccount = async (request: FastifyRequest) => (await request.loadCaller())?.userId;

export function authRoutes(app: FastifyInstance, db: Db, keys: AuthKeys) {
  prepareDecoyHash();
  app.get(
    '/auth/public-key',
    {
      config: { permission: PUBLIC },
      schema: {
        tags: ['auth'],
        summary: 'The RSA key the login password is encrypted with',
        response: authResponses.publicKey,
      },
    },
    async () => ({ success: true, data: { algorithm: 'RSA-OAEP-256', publicKey: keys.publicKeyPem } }),
  );

  app.post<{ Body: { username: string; password: string } }>(
    '/auth/login',
    {
      config: { permission: PUBLIC, writesSessionsOnly: true, peopleOnly: true },
      preHandler: throttle(app, 'login', [perAddress(60, MINUTE), perAccount(20, 15 * MINUTE, namedAccount)]),
      schema: {
        tags: ['auth'],
        summary: 'Sign in; password is base64 RSA-OAEP-256 ciphertext',
        body: schemas.loginBody,
        response: authResponses.session,
      },
    },
    async (request) => {
      const password = decryptPassword(keys, request.body.password);
      if (password === null) throw badRequest(said('api.auth.passwordUnreadable'));
      if (password.length === 0)
        throw badRequest(said('api.auth.passwordRequired'), { password: said('api.auth.passwordRequired') });
      if (password.length > MAX_CREDENTIAL_LENGTH)
        throw badRequest(said('api.auth.passwordTooLong', { max: MAX_CREDENTIAL_LENGTH }));
      const account = normaliseUsername(request.body.username);
      const found = await findUserByUsername(db, account);
      // a refusal unless it ends in a session (docs/security.md, the audit log)
      request.audit = { event: 'sign-in-failed', userId: found?.row.id ?? null, account };
      if (found) await assertNotLocked(db, found.row.id);
      // an unknown account is checked against a decoy hash, so it answers no faster than a wrong password
      const valid = await verifyPassword(found?.row.passwordHash, password);
      if (!found || !valid) {
        const locked = found ? await recordFailure(db, found.row.id) : null;
        throw locked ?? unauthorized(WRONG_CREDENTIALS);
      }
      if (!found.row.isEnabled) throw forbidden(said('api.auth.disabled'));
      await clearFailures(db, found.row.id);
      const rehashed = await rehashIfOld(found.row.passwordHash, password);
      if (rehashed) await replacePasswordHash(db, found.row.id, found.row.passwordHash, rehashed);
      // the password was right; an authenticator, or one the organisation requires, asks a code first
      const step = await secondStepFor(db, found.row.id);
      // the second step's answer is what the log keeps
      request.audit = step ? false : { event: 'sign-in', userId: found.row.id };
      if (step)
        return {
          success: true,
          ...spoken(said(step === 'totp' ? 'api.totp.codeNeeded' : 'api.totp.enrolNeeded')),
          data: { secondStep: step, challenge: await signChallenge(keys, found.row.id, step) },
        };
      request.log.info({ userId: found.row.id }, 'signed in');
      return signedIn(db, keys, found);
    },
  );

  app.post<{ Body: { refreshToken: string } }>(
    '/auth/refresh-tokens',
    {
      config: { permission: PUBLIC, writesSessionsOnly: true, peopleOnly: true },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token',
        body: schemas.refreshBody,
        response: authResponses.refreshed,
      },
    },
    async (request) => {
      // a session going on: no change to tell of
      request.audit = false;
      const { userId, familyId } = await spendRefreshToken(db, request.body.refreshToken);
      const user = await findUserById(db, userId);
      if (!user?.row.isEnabled) {
        await revokeFamily(db, familyId);
        throw unauthorized(said('api.session.expired'));
      }
      const tokens = await issueTokens(db, keys, userId, familyId);
      return { success: true, ...spoken(said('api.auth.tokensRefreshed')), data: tokens };
    },
  );

  app.post<{ Body: { refreshToken: string } }>(
    '/auth/logout',
    {
      config: { permission: PUBLIC, writesSessionsOnly: true, peopleOnly: true },
      schema: {
        tags: ['auth'],
        summary: 'Revoke the session of a refresh token',
        body: schemas.refreshBody,
        response: { 200: schemas.resultSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.tokenHash, sha256(request.body.refreshToken)), isNull(refreshTokens.revokedAt)));
      if (!row) throw notFound(said('api.session.notFound'));
      request.audit = { event: 'sign-out', userId: row.userId };
      await revokeFamily(db, row.familyId);
      return { success: true, ...spoken(said('auth.loggedOut')) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/auth/logged-in-user/:id',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, with role and organisation',
        params: schemas.idParams,
        response: authResponses.loggedInUser,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const user = await findUserById(db, request.params.id);
      const own = request.params.id === caller.userId;
      if (!own) {
        // another user: only for a user manager whose organisation tree holds that user
        const visible =
          user &&
          hasPermission(caller.isSuperAdmin, caller.permissions, 'management-user') &&
          (await isInOrganisationTree(db, user.row.organisationId, caller.organisationPath));
        if (!visible) throw notFound(said('api.auth.userNotFound'));
      }
      if (!user) throw notFound(said('api.auth.userNotFound'));
      return { success: true, ...spoken(said('api.common.ok')), data: user.public };
    },
  );

  app.post<{ Body: { username: string; password: string; newpassword: string } }>(
    '/auth/change-password',
    {
      config: { permission: SIGNED_IN, peopleOnly: true },
      preHandler: throttle(app, 'change-password', [
        perAddress(30, 15 * MINUTE),
        perAccount(10, 15 * MINUTE, callerAccount),
      ]),
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password",
        body: schemas.changePasswordBody,
        response: { 200: schemas.resultSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const username = normaliseUsername(request.body.username);
      if (username !== caller.email?.toLowerCase() && username !== caller.phone)
        throw forbidden(said('api.auth.ownPasswordOnly'));
      const user = await findUserById(db, caller.userId);
      if (!user || !(await verifyPassword(user.row.passwordHash, request.body.password))) {
        throw badRequest(said('api.auth.currentPasswordWrong'), { password: said('api.auth.currentPasswordWrong') });
      }
      checkPasswordRule(request.body.newpassword, 'newpassword');
      if (request.body.newpassword === request.body.password) {
        throw badRequest(said('api.auth.newPasswordSame'), { newpassword: said('api.auth.newPasswordSame') });
      }
      await setPassword(db, caller.userId, request.body.newpassword);
      await revokeUserSessions(db, caller.userId, caller.sessionId);
      return { success: true, ...spoken(said('api.auth.passwordChanged')) };
    },
  );
}
