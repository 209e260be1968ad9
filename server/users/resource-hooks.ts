import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { hashPassword, PASSWORD_RULE_MESSAGE } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/tokens.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { SUPER_ADMIN } from '../../providers/permissions.ts';
import userResource from '../../resources/entities/user.ts';
import type { ResourceHooks, WriteContext } from '../resources/hooks.ts';
import { writableRecord } from '../resources/routes.ts';
import { query } from '../resources/sql.ts';
import { isSuperAdmin } from '../resources/scope.ts';
import { message } from '../resources/messages.ts';

/** Only SUPER_ADMIN hands out SUPER_ADMIN: anyone else would escape their organisation. */
async function checkRoleGrant(ctx: WriteContext, body: Record<string, unknown>) {
  if (typeof body.roleId !== 'string' || isSuperAdmin(ctx.caller)) return;
  const [role] = await query<{ name: string }>(ctx.db, sql`select name from roles where id = ${body.roleId}::uuid`);
  if (role?.name === SUPER_ADMIN) throw forbidden(message('resources.user.superAdminOnly'));
}

export const userHooks: ResourceHooks = {
  extraFilters: () => ({
    roleName: (value) => sql`t.role_id in (select r.id from roles r where r.name = ${String(value)})`,
  }),
  async beforeCreate(ctx, columns, body) {
    await checkRoleGrant(ctx, body);
    columns.set('password_hash', sql`${await hashPassword(String(body.password))}`);
  },
  async beforeUpdate(ctx, existing, _columns, body) {
    await checkRoleGrant(ctx, body);
    if (existing.id === ctx.caller.userId && body.isEnabled === false) throw badRequest(message('resources.user.cannotDisableSelf'));
  },
  async beforeDelete(ctx, existing) {
    if (existing.id === ctx.caller.userId) throw badRequest(message('resources.user.cannotDeleteSelf'));
  },
  routes(app: FastifyInstance, db: Db) {
    app.put<{ Params: { id: string }; Body: { password: string } }>('/users/:id/password', {
      config: { permission: 'set-user-password' },
      schema: {
        tags: ['user'],
        summary: "Set a user's password; their signed-in sessions end",
        params: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] },
        body: {
          type: 'object',
          properties: { password: { type: 'string', minLength: 8, maxLength: 255, pattern: '^(?=.*[A-Za-z])(?=.*\\d).{8,}$', errorMessage: PASSWORD_RULE_MESSAGE } },
          required: ['password'],
          errorMessage: { required: { password: PASSWORD_RULE_MESSAGE } },
        },
      },
    }, async (request) => {
      const caller = await requireCaller(request);
      const user = await writableRecord({ db, caller, request, resource: userResource }, request.params.id);
      await query(db, sql`update users set password_hash = ${await hashPassword(request.body.password)}, updated_at = now() where id = ${user.id}::uuid`);
      await revokeUserSessions(db, user.id);
      return { success: true, message: message('resources.user.passwordSet') };
    });
  },
};
