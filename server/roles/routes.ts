import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { roles } from '../db/schema.ts';
import { inOrganisationTree } from '../organisations/scope.ts';
import { requireCaller } from '../auth/caller.ts';
import { flattenAuthScopes, SUPER_ADMIN } from '../../providers/permissions.ts';

interface RolesQuery { _id?: string; name?: string; hydrate?: string }

export function roleRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Querystring: RolesQuery }>('/roles', {
    config: { permission: 'management-role' },
    schema: {
      tags: ['roles'],
      summary: 'Roles the caller may see: the built-in ones and those of their organisation tree',
      querystring: {
        type: 'object',
        properties: {
          _id: { type: 'string', format: 'uuid', errorMessage: { format: 'The id is not valid' } },
          name: { type: 'string', maxLength: 100 },
          hydrate: { type: 'string', enum: ['permissions'] },
        },
      },
    },
  }, async (request, reply) => {
    const caller = await requireCaller(request);
    const where: SQL[] = [];
    if (caller.roleName !== SUPER_ADMIN) {
      where.push(or(isNull(roles.organisationId), inOrganisationTree(roles.organisationId, caller.organisationPath))!);
    }
    if (request.query._id) where.push(eq(roles.id, request.query._id));
    if (request.query.name) where.push(eq(roles.name, request.query.name));
    const rows = await db.select().from(roles).where(and(...where)).orderBy(asc(roles.name));
    const hydrate = request.query.hydrate === 'permissions';
    const data = rows.map((r) => ({
      id: r.id,
      name: r.name,
      authScopes: r.authScopes,
      organisationId: r.organisationId,
      isSystem: r.isSystem,
      ...(hydrate ? { permissions: flattenAuthScopes(r.authScopes) } : {}),
    }));
    reply.header('Content-Range', `roles 0-${Math.max(0, data.length - 1)}/${data.length}`);
    return data;
  });
}
