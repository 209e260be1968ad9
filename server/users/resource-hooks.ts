import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { hashPassword, PASSWORD_RULE_MESSAGE } from '../auth/passwords.ts';
import { rules, ruleSchema } from '../../core/rules.ts';
import { revokeUserSessions } from '../auth/tokens.ts';
import { badRequest, forbidden, spoken } from '../http/errors.ts';
import userResource from '../../resources/entities/user.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { assertAssignable, assertManageable } from './role-grants.ts';
import { writableRecord } from '../resources/routes.ts';
import { query } from '../resources/sql.ts';
import { labelOf, message, said } from '../resources/messages.ts';
import { organisationDocs } from '../openapi/organisations.ts';
import { done } from '../openapi/shared.ts';

export const userHooks: ResourceHooks = {
  listReads: ['roles'],
  extraFilters: {
    roleName: (value) => sql`t.role_id in (select r.id from roles r where r.name = ${String(value)})`,
  },
  async beforeCreate(ctx, columns, body) {
    await assertAssignable(ctx.db, ctx.caller, String(body.roleId));
    columns.set('password_hash', sql`${await hashPassword(String(body.password))}`);
  },
  async beforeUpdate(ctx, existing, _columns, body) {
    const own = existing.id === ctx.caller.userId;
    const changes = (field: string) => body[field] !== undefined && body[field] !== existing[field];
    if (own && (changes('roleId') || changes('organisationId')))
      throw forbidden(said('resources.user.cannotChangeOwnRole'));
    if (own && body.isEnabled === false) throw badRequest(said('resources.user.cannotDisableSelf'));
    await assertManageable(ctx.db, ctx.caller, existing);
    if (changes('roleId')) await assertAssignable(ctx.db, ctx.caller, String(body.roleId));
  },
  async beforeDelete(ctx, existing) {
    if (existing.id === ctx.caller.userId) throw badRequest(said('resources.user.cannotDeleteSelf'));
    await assertManageable(ctx.db, ctx.caller, existing);
  },
  routes(app: FastifyInstance, db: Db) {
    app.put<{ Params: { id: string }; Body: { password: string } }>(
      '/users/:id/password',
      {
        config: { permission: 'set-user-password', peopleOnly: true },
        schema: {
          tags: ['user'],
          summary: "Set a user's password; their signed-in sessions end",
          params: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] },
          body: {
            type: 'object',
            properties: { password: ruleSchema(rules.password, labelOf(userResource, 'password'), message) },
            required: ['password'],
            errorMessage: { required: { password: PASSWORD_RULE_MESSAGE } },
            examples: [organisationDocs.passwordExample],
          },
          response: done(400, 401, 403, 404, 429),
        },
      },
      async (request) => {
        const caller = await requireCaller(request);
        const user = await writableRecord({ db, caller, request, resource: userResource }, request.params.id);
        await assertManageable(db, caller, user);
        await query(
          db,
          sql`update users set password_hash = ${await hashPassword(request.body.password)}, updated_at = now() where id = ${user.id}::uuid`,
        );
        await revokeUserSessions(db, user.id);
        return { success: true, ...spoken(said('resources.user.passwordSet')) };
      },
    );
  },
};
