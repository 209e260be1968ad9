import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passwordResets } from '../db/schema.ts';
import { badRequest, spoken } from '../http/errors.ts';
import { PUBLIC } from '../http/permissions.ts';
import { queueMessage } from '../outbox.ts';
import { isEmail, normaliseUsername } from '../../core/username.ts';
import { findUserByUsername, setPassword } from '../users/service.ts';
import { randomToken, sha256 } from './keys.ts';
import { checkPasswordRule } from './passwords.ts';
import { revokeUserSessions } from './tokens.ts';
import { MINUTE, perAccount, perAddress, throttle } from '../http/rate-limits.ts';
import { namedAccount } from './routes.ts';
import * as schemas from './schemas.ts';
import { authResponses } from '../openapi/auth.ts';
import { errors } from '../openapi/shared.ts';
import { preferredLanguage, said, textIn } from '../resources/messages.ts';

export const RESET_TTL_MS = 15 * 60 * 1000;
const MAX_OTP_ATTEMPTS = 5;
const INVALID_RESET = said('api.auth.resetInvalid');

export function resetRoutes(app: FastifyInstance, db: Db, options: { publicUrl: string }) {
  app.post<{ Body: { username: string } }>(
    '/auth/forgot-password',
    {
      config: { permission: PUBLIC, peopleOnly: true },
      // a new code is another 5 guesses: codes per account are few, so guessing one stays hopeless
      preHandler: throttle(app, 'forgot-password', [
        perAddress(20, 15 * MINUTE),
        perAccount(3, 15 * MINUTE, namedAccount),
      ]),
      schema: {
        tags: ['auth'],
        summary: 'Send a one-time reset code',
        body: schemas.forgotBody,
        response: authResponses.forgot,
      },
    },
    async (request) => {
      const otpToken = randomToken();
      const username = normaliseUsername(request.body.username);
      const found = await findUserByUsername(db, username);
      // the answer is the same whether or not the account exists, so it cannot be used to probe for accounts
      if (found?.row.isEnabled) {
        const otp = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
        const linkToken = randomToken();
        // only the newest code works: an older one cannot be guessed beside it
        await db
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResets.userId, found.row.id), isNull(passwordResets.usedAt)));
        await db.insert(passwordResets).values({
          userId: found.row.id,
          otpTokenHash: sha256(otpToken),
          otpHash: sha256(otp),
          linkTokenHash: sha256(linkToken),
          expiresAt: new Date(Date.now() + RESET_TTL_MS),
        });
        const link = `${options.publicUrl}/auth/reset-password/${otpToken}?token=${linkToken}`;
        // users keep no language of their own: the one the request asks in (the console sends its
        // chosen language; the asker is as a rule the account's owner), English otherwise
        const language = preferredLanguage(request.headers['accept-language']);
        // to where the user signs in from: the mailbox of an e-mail username, the phone of a number
        const byEmail = isEmail(username);
        await queueMessage(db, {
          channel: byEmail ? 'email' : 'sms',
          recipient: (byEmail ? found.row.email : found.row.phone) ?? username,
          subject: textIn(language, 'api.auth.resetMailSubject'),
          body: textIn(language, 'api.auth.resetMailBody', { otp, minutes: RESET_TTL_MS / 60_000, link }),
          options: { template: 'password-reset' },
          organisationId: found.row.organisationId,
        });
      }
      return { success: true, ...spoken(said('api.auth.resetSent')), data: { otpToken } };
    },
  );

  app.post<{ Querystring: { otp?: string; token?: string }; Body: { otpToken?: string; password: string } }>(
    '/auth/reset-password',
    {
      config: { permission: PUBLIC, peopleOnly: true },
      preHandler: throttle(app, 'reset-password', [perAddress(20, 15 * MINUTE)]),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the one-time code (?otp=) or the e-mailed link (?token=)',
        querystring: schemas.resetQuery,
        body: schemas.resetBody,
        response: { 200: schemas.resultSchema, ...errors(400, 404, 429) },
      },
    },
    async (request) => {
      const { otp, token } = request.query;
      let where;
      if (token) where = eq(passwordResets.linkTokenHash, sha256(token));
      else if (otp && request.body.otpToken) where = eq(passwordResets.otpTokenHash, sha256(request.body.otpToken));
      else throw badRequest(said('api.auth.resetCodeRequired'), { otp: said('api.auth.resetCodeRequired') });
      const [reset] = await db.select().from(passwordResets).where(where);
      if (!reset || reset.usedAt || reset.expiresAt.getTime() <= Date.now() || reset.attempts >= MAX_OTP_ATTEMPTS) {
        throw badRequest(INVALID_RESET);
      }
      if (!token && reset.otpHash !== sha256(otp!.trim())) {
        await db
          .update(passwordResets)
          .set({ attempts: sql`${passwordResets.attempts} + 1` })
          .where(eq(passwordResets.id, reset.id));
        throw badRequest(said('api.auth.resetCodeWrong'), { otp: said('api.auth.resetCodeWrong') });
      }
      checkPasswordRule(request.body.password);
      const claimed = await db
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      if (claimed.length === 0) throw badRequest(INVALID_RESET);
      await setPassword(db, reset.userId, request.body.password);
      await revokeUserSessions(db, reset.userId);
      return { success: true, ...spoken(said('api.auth.resetDone')) };
    },
  );
}
