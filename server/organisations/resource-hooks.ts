import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { badRequest, forbidden, HttpError } from '../http/errors.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { query } from '../resources/sql.ts';
import { isSuperAdmin } from '../resources/scope.ts';
import { said } from '../resources/messages.ts';

async function pathOf(db: Parameters<typeof query>[0], organisationId: string): Promise<string | undefined> {
  const [row] = await query<{ path: string }>(
    db,
    sql`select path from organisations where id = ${organisationId}::uuid`,
  );
  return row?.path;
}

/** Organisations keep a materialised path; these hooks keep it right as rows are added and moved. */
export const organisationHooks: ResourceHooks = {
  async beforeCreate(ctx, columns, body) {
    let parentId = body.parentId as string | null | undefined;
    if (!parentId && !isSuperAdmin(ctx.caller)) parentId = ctx.caller.organisationId;
    const parentPath = parentId ? await pathOf(ctx.db, parentId) : '/';
    const newId = crypto.randomUUID();
    columns.set('id', sql`${newId}::uuid`);
    columns.set('parent_id', parentId ? sql`${parentId}::uuid` : sql`null`);
    columns.set('path', sql`${`${parentPath}${newId}/`}`);
  },
  async beforeUpdate(ctx, existing, columns, body) {
    if (body.parentId === undefined || body.parentId === existing.parentId) return;
    if (existing.id === ctx.caller.organisationId && !isSuperAdmin(ctx.caller)) {
      throw forbidden(said('resources.organisation.cannotMoveOwn'));
    }
    const oldPath = (await pathOf(ctx.db, existing.id))!;
    let newParentPath = '/';
    if (body.parentId) {
      newParentPath = (await pathOf(ctx.db, body.parentId as string))!;
      if (newParentPath.startsWith(oldPath)) {
        throw badRequest(said('resources.organisation.cycle'), { parentId: said('resources.organisation.cycle') });
      }
    } else if (!isSuperAdmin(ctx.caller)) {
      throw forbidden(said('validation.organisationOutOfScope'));
    }
    const newPath = `${newParentPath}${existing.id}/`;
    columns.set('parent_id', body.parentId ? sql`${body.parentId as string}::uuid` : sql`null`);
    await query(
      ctx.db,
      sql`update organisations set path = ${newPath} || substr(path, ${oldPath.length + 1}) where path like ${`${oldPath}%`} and id <> ${existing.id}::uuid`,
    );
    columns.set('path', sql`${newPath}`);
  },
  async beforeDelete(ctx, existing) {
    if (existing.id === ctx.caller.organisationId) throw forbidden(said('resources.organisation.cannotDeleteOwn'));
    const [child] = await query(
      ctx.db,
      sql`select 1 from organisations where parent_id = ${existing.id}::uuid limit 1`,
    );
    if (child) throw new HttpError(409, said('validation.inUse'));
  },
};
