import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { brands, type Brand } from '../../brands/index.ts';
import { badRequest, forbidden, HttpError, spoken, unauthorized } from '../http/errors.ts';
import { PUBLIC, SIGNED_IN } from '../http/permissions.ts';
import { MINUTE, perAccount, perAddress, throttle } from '../http/rate-limits.ts';
import { said } from '../resources/messages.ts';
import { findUserById } from '../users/service.ts';
import { requireCaller } from './caller.ts';
import type { AuthKeys } from './keys.ts';
import { signedIn } from './routes.ts';
import { authExamples, authResponses } from '../openapi/auth.ts';
import { done, withExample } from '../openapi/shared.ts';
import { assertNotLocked, clearFailures, recordFailure } from './throttle.ts';
import {
  checkSecondFactor,
  confirmEnrolment,
  newRecoveryCodesFor,
  readChallenge,
  startEnrolment,
  totpRequired,
  totpState,
  turnOff,
  type SecondStep,
} from './totp.ts';

interface CodeBody {
  challenge?: string;
  code?: string;
  recoveryCode?: string;
}

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });
const codeBody = {
  type: 'object',
  properties: { challenge: text(2000), code: text(12), recoveryCode: text(40) },
  additionalProperties: false,
};
const WRONG_CODE = said('api.totp.wrongCode');

/**
 * Two-step sign-in (docs/security.md): the second step of a sign-in, enrolment during it when the
 * organisation requires it, and a signed-in user's own authenticator. Every code counts toward the
 * same lock as a wrong password (ten in 15 minutes lock the account), and is rate-limited like it.
 */
export function totpRoutes(app: FastifyInstance, db: Db, keys: AuthKeys) {
  const issuer = () => (brands[app.brand as Brand['id']] ?? brands.vltd).brandName;
  const challengeAccount = (step: SecondStep) => async (request: FastifyRequest) =>
    (await readChallenge(keys, (request.body as CodeBody | undefined)?.challenge, step)) ?? undefined;
  const limits = (name: string, account: (request: FastifyRequest) => Promise<string | undefined>) =>
    throttle(app, name, [perAddress(60, MINUTE), perAccount(20, 15 * MINUTE, account)]);
  const signedInAccount = async (request: FastifyRequest) => (await request.loadCaller())?.userId;

  /** The user a challenge names, or 401; a locked account is refused before its code is looked at. */
  async function challenged(request: FastifyRequest<{ Body: CodeBody }>, step: SecondStep) {
    const userId = await readChallenge(keys, request.body?.challenge, step);
    if (!userId) throw unauthorized(said('api.totp.challengeExpired'));
    // a refusal unless it ends in a session (the audit log)
    request.audit = { event: 'sign-in-failed', userId };
    const found = await findUserById(db, userId);
    if (!found?.row.isEnabled) throw forbidden(said('api.auth.disabled'));
    await assertNotLocked(db, userId);
    return userId;
  }
  async function refused(userId: string): Promise<never> {
    throw (await recordFailure(db, userId)) ?? unauthorized(WRONG_CODE);
  }
  async function complete(request: FastifyRequest, userId: string) {
    const found = await findUserById(db, userId);
    if (!found?.row.isEnabled) throw forbidden(said('api.auth.disabled'));
    request.audit = { event: 'sign-in', userId };
    await clearFailures(db, userId);
    return signedIn(db, keys, found);
  }

  app.post<{ Body: CodeBody }>(
    '/auth/login/second-step',
    {
      config: { permission: PUBLIC, writesSessionsOnly: true, peopleOnly: true },
      preHandler: limits('totp-login', challengeAccount('totp')),
      schema: {
        tags: ['auth'],
        summary: "Sign in's second step: a code from the app or a recovery code",
        body: withExample(codeBody, authExamples.code),
        response: authResponses.session,
      },
    },
    async (request) => {
      const userId = await challenged(request, 'totp');
      if (!(await checkSecondFactor(db, userId, request.body))) return refused(userId);
      return complete(request, userId);
    },
  );

  app.post<{ Body: CodeBody }>(
    '/auth/login/enrol',
    {
      config: { permission: PUBLIC, writesSessionsOnly: true, peopleOnly: true },
      preHandler: limits('totp-enrol', challengeAccount('enrol')),
      schema: {
        tags: ['auth'],
        summary: 'An authenticator for a sign-in that requires one: its secret',
        body: withExample(codeBody, { challenge: authExamples.code.challenge }),
        response: authResponses.enrolment,
      },
    },
    async (request) => {
      const userId = await challenged(request, 'enrol');
      request.audit = { event: 'change', userId };
      const found = await findUserById(db, userId);
      const started = await startEnrolment(db, userId, found?.row.email ?? found?.row.phone ?? userId, issuer());
      if (!started) throw new HttpError(409, said('api.totp.alreadyOn'));
      return { success: true, data: started };
    },
  );

  app.post<{ Body: CodeBody }>(
    '/auth/login/enrol/confirm',
    {
      config: { permission: PUBLIC, writesSessionsOnly: true, peopleOnly: true },
      preHandler: limits('totp-enrol', challengeAccount('enrol')),
      schema: {
        tags: ['auth'],
        summary: 'Confirm the new authenticator with its first code, and sign in',
        body: withExample(codeBody, authExamples.code),
        response: authResponses.session,
      },
    },
    async (request) => {
      const userId = await challenged(request, 'enrol');
      const codes = await confirmEnrolment(db, userId, request.body.code ?? '');
      if (!codes) return refused(userId);
      const answer = await complete(request, userId);
      return { ...answer, data: { ...answer.data, recoveryCodes: codes } };
    },
  );

  app.get(
    '/auth/totp',
    {
      config: { permission: SIGNED_IN, peopleOnly: true },
      schema: { tags: ['auth'], summary: 'My authenticator: on or off', response: authResponses.totpState },
    },
    async (request) => {
      const caller = await requireCaller(request);
      return {
        success: true,
        data: { ...(await totpState(db, caller.userId)), required: await totpRequired(db, caller.userId) },
      };
    },
  );

  app.post(
    '/auth/totp/setup',
    {
      config: { permission: SIGNED_IN, peopleOnly: true },
      schema: { tags: ['auth'], summary: 'Start adding an authenticator', response: authResponses.enrolment },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const started = await startEnrolment(db, caller.userId, caller.email ?? caller.phone ?? caller.userId, issuer());
      if (!started) throw new HttpError(409, said('api.totp.alreadyOn'));
      return { success: true, data: started };
    },
  );

  app.post<{ Body: CodeBody }>(
    '/auth/totp/confirm',
    {
      config: { permission: SIGNED_IN, peopleOnly: true },
      preHandler: limits('totp-confirm', signedInAccount),
      schema: {
        tags: ['auth'],
        summary: 'Confirm the authenticator with its first code',
        body: withExample(codeBody, authExamples.ownCode),
        response: authResponses.recoveryCodes,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      await assertNotLocked(db, caller.userId);
      const codes = await confirmEnrolment(db, caller.userId, request.body?.code ?? '');
      if (!codes) return refused(caller.userId);
      return { success: true, ...spoken(said('api.totp.turnedOn')), data: { recoveryCodes: codes } };
    },
  );

  /** Acts on a confirmed authenticator once its owner proves he holds it. */
  const withProof = (
    path: string,
    summary: string,
    act: (userId: string) => Promise<object>,
    allowed: (userId: string) => Promise<void> = async () => {},
  ) =>
    app.post<{ Body: CodeBody }>(
      path,
      {
        config: { permission: SIGNED_IN, peopleOnly: true },
        preHandler: limits('totp-manage', signedInAccount),
        schema: {
          tags: ['auth'],
          summary,
          body: withExample(codeBody, authExamples.ownCode),
          response: path.endsWith('recovery-codes') ? authResponses.recoveryCodes : done(400, 401, 403, 429),
        },
      },
      async (request) => {
        const caller = await requireCaller(request);
        if (!request.body?.code && !request.body?.recoveryCode) throw badRequest(said('api.totp.codeRequired'));
        await allowed(caller.userId);
        await assertNotLocked(db, caller.userId);
        if (!(await checkSecondFactor(db, caller.userId, request.body))) return refused(caller.userId);
        return { success: true, ...(await act(caller.userId)) };
      },
    );

  withProof('/auth/totp/recovery-codes', 'New recovery codes (the old ones stop working)', async (userId) => ({
    ...spoken(said('api.totp.newCodes')),
    data: { recoveryCodes: await newRecoveryCodesFor(db, userId) },
  }));
  withProof(
    '/auth/totp/disable',
    'Turn my authenticator off',
    async (userId) => {
      await turnOff(db, userId);
      return spoken(said('api.totp.turnedOff'));
    },
    async (userId) => {
      if (await totpRequired(db, userId)) throw forbidden(said('api.totp.requiredHere'));
    },
  );
}
