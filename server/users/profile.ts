import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { SIGNED_IN } from '../http/permissions.ts';
import { HttpError, spoken } from '../http/errors.ts';
import { said } from '../resources/messages.ts';
import type { ResourceDeclaration } from '../../resources/define.ts';
import userResource from '../../resources/entities/user.ts';
import { findUserById } from './service.ts';
import { bodySchema, normaliseBody } from '../resources/validation.ts';
import { columnsFromBody, uniqueErrors } from '../resources/routes.ts';
import { id, query } from '../resources/sql.ts';
import { organisationDocs } from '../openapi/organisations.ts';

export const PROFILE_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'avatar'] as const;

/** The user declaration narrowed to what anyone may change about themselves. */
const profile: ResourceDeclaration = {
  ...userResource,
  fields: Object.fromEntries(PROFILE_FIELDS.map((name) => [name, userResource.fields[name]])),
};

/** PUT /auth/profile: every signed-in user edits their own name, contacts and avatar (not role or organisation). */
export function profileRoutes(app: FastifyInstance, db: Db) {
  app.put<{ Body: Record<string, unknown> }>(
    '/auth/profile',
    {
      config: { permission: SIGNED_IN },
      preValidation: async (request) => {
        if (request.body && typeof request.body === 'object')
          normaliseBody(profile, request.body as Record<string, unknown>);
      },
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's name, e-mail, phone and avatar",
        body: { ...bodySchema(profile, 'update'), examples: [organisationDocs.profileExample] },
        response: organisationDocs.profile,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const taken = await uniqueErrors(db, profile, request.body, caller.userId);
      if (Object.keys(taken).length) throw new HttpError(409, Object.values(taken)[0]!, taken);
      const columns = columnsFromBody(profile, request.body, 'update');
      if (columns.size) {
        const sets = [...columns.entries()].map(([name, value]) => sql`${id(name)} = ${value}`);
        await query(
          db,
          sql`update users set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${caller.userId}::uuid`,
        );
      }
      return {
        success: true,
        ...spoken(said('api.auth.profileSaved')),
        data: (await findUserById(db, caller.userId))!.public,
      };
    },
  );
}
