import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { SIGNED_IN } from '../http/permissions.ts';
import { forbidden, HttpError, notFound, pgCode, type Said } from '../http/errors.ts';
import { idParams, serialIdParams } from '../http/params.ts';
import { columnOf, type ResourceDeclaration } from '../../resources/define.ts';
import { exportPermissions } from '../../resources/modules.ts';
import { id, param, query } from './sql.ts';
import { isSuperAdmin, canUseOrganisation } from './scope.ts';
import { parseListQuery } from './list-query.ts';
import { findRecord, listRecords, type ResourceRecord } from './records.ts';
import { bodySchema, geometryErrors, normaliseBody, writableFields, type WriteMode } from './validation.ts';
import { message, said } from './messages.ts';
import type { ResourceHooks, WriteContext } from './hooks.ts';
import { pageKey } from './list-cache.ts';
import { referenceErrors, uniqueErrors } from './write-checks.ts';
import { listHeaders, sendList, sendPage } from './list-answer.ts';
import { checkPickerQuery, fullReaders, listReaders, namesOnly, picksNamesOnly } from './picker.ts';
import { resourceResponses as answersOf, withWriteExample } from '../openapi/resources.ts';

// where the other routes have long found them
export { listHeaders, sendList, uniqueErrors };

/** Largest page of a list, and of one export request (the console pages through a large export). */
export const MAX_LIST_PAGE = 1000;
export const MAX_EXPORT_PAGE = 5000;

type Body = Record<string, unknown>;
interface IdParams {
  id: string;
}

export const listQuerystring = {
  type: 'object',
  properties: {
    sort: {
      type: 'string',
      maxLength: 300,
      description: 'JSON ["field","ASC"|"DESC"]',
      errorMessage: message('api.list.sortInvalid'),
    },
    range: {
      type: 'string',
      maxLength: 50,
      description: 'JSON [start, end], inclusive',
      errorMessage: message('api.list.rangeInvalid'),
    },
    // room for a filter by a thousand ids, the most one filter may list
    filter: {
      type: 'string',
      maxLength: 65_536,
      description: 'JSON {"field": value, "q": "search text"}',
      errorMessage: message('api.list.filterInvalid'),
    },
  },
};

function fail(status: number, errors: Record<string, Said>): never {
  throw new HttpError(status, Object.values(errors)[0]!, errors);
}

/** The organisation a written row will belong to: the caller's unless one they can see is named. */
async function owningOrganisation(ctx: WriteContext, body: Body, mode: WriteMode): Promise<string | null | undefined> {
  const { resource, caller, db } = ctx;
  if (resource.scope !== 'organisation') return undefined;
  const given = body.organisationId;
  if (given === undefined) return mode === 'create' ? caller.organisationId : undefined;
  if (given === null) {
    if (resource.sharedWhenUnowned && isSuperAdmin(caller)) return null;
    return mode === 'create' ? caller.organisationId : undefined;
  }
  if (!(await canUseOrganisation(db, caller, given as string)))
    fail(403, { organisationId: said('validation.organisationOutOfScope') });
  return given as string;
}

async function checkWrite(ctx: WriteContext, body: Body, exceptId?: string) {
  const errors = {
    ...geometryErrors(ctx.resource, body),
    ...(await referenceErrors(ctx.db, ctx.resource, ctx.caller, body)),
  };
  if (Object.keys(errors).length) fail(400, errors);
  const taken = await uniqueErrors(ctx.db, ctx.resource, body, exceptId);
  if (Object.keys(taken).length) fail(409, taken);
}

export function columnsFromBody(resource: ResourceDeclaration, body: Body, mode: WriteMode): Map<string, SQL> {
  const columns = new Map<string, SQL>();
  for (const [name, field] of writableFields(resource, mode)) {
    if (name === 'organisationId' || field.type === 'password') continue;
    let value = body[name];
    if (value === undefined && mode === 'create') value = field.default;
    // a cleared optional field goes back to its default, and a cleared object to no keys: their
    // columns may not hold null (a user's last name, a wallet's threshold, an organisation's address)
    if (value === null) value = field.default ?? (field.type === 'object' ? {} : null);
    if (value === undefined) continue;
    const column = columnOf(name, field);
    // an edit merges into a stored object, so keys kept elsewhere (an organisation's settings) survive
    columns.set(
      column,
      mode === 'update' && field.type === 'object' && value !== null
        ? sql`coalesce(${id(column)}, '{}'::jsonb) || ${param(field, value)}`
        : param(field, value),
    );
  }
  return columns;
}

export function mapDatabaseError(error: unknown): never {
  const code = pgCode(error);
  if (code === '23505') throw new HttpError(409, said('validation.duplicate'));
  if (code === '23503') throw new HttpError(409, said('validation.inUse'));
  throw error;
}

/**
 * The CRUD routes of one declared resource, on the ra-data-simple-rest wire contract: list and
 * export (array + Content-Range), read, create, update and delete, each behind its permission id
 * and the organisation scope.
 */
export function registerResourceRoutes(
  app: FastifyInstance,
  db: Db,
  resource: ResourceDeclaration,
  hooks: ResourceHooks = {},
) {
  const tags = [resource.name];
  const readPermission = resource.readableBySignedIn ? SIGNED_IN : fullReaders(resource);
  // a form's name picker lists ids and names alone (picker.ts)
  const listPermission = resource.readableBySignedIn ? SIGNED_IN : listReaders(resource);
  const context = async (request: FastifyRequest): Promise<WriteContext> => ({
    db,
    resource,
    caller: await requireCaller(request),
    request,
  });
  const normalise = async (request: FastifyRequest) => {
    if (request.body && typeof request.body === 'object') normaliseBody(resource, request.body as Body);
  };

  const extraFilters = Object.keys(hooks.extraFilters ?? {});
  const querystring = extraFilters.length
    ? {
        ...listQuerystring,
        properties: {
          ...listQuerystring.properties,
          ...Object.fromEntries(
            extraFilters.map((name) => [name, { description: 'a filter of its own (see the summary)' }]),
          ),
        },
      }
    : listQuerystring;

  // the permission check (a preValidation hook) has passed before a handler looks in the cache
  const list =
    (maxPage: number, cachedTables?: ReadonlySet<string>) =>
    async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
      const caller = await requireCaller(request);
      const namesAlone = picksNamesOnly(resource, caller);
      if (namesAlone) checkPickerQuery(resource, request.query);
      const tables = app.listCache.active ? cachedTables : undefined;
      const key = tables && pageKey(resource.api, caller, request.query);
      const cached = key && app.listCache.get(key);
      if (cached) return sendPage(reply, cached);
      const ticket = app.listCache.ticket();
      const listQuery = parseListQuery(resource, request.query, { maxPage, extraFilters: hooks.extraFilters });
      // on the replica unless the caller has just written (server/db/replica.ts); a page read there
      // is kept only if the replica had every change the cache had heard when the read began
      const { rows, total, estimated, keep } = await app.reads.run(request, async (readDb, fromReplica) => {
        const keep = !fromReplica || app.reads.caughtUpWith(ticket);
        const found = await listRecords(readDb, resource, caller, listQuery, app.exactCountLimit);
        await hooks.decorate?.(readDb, found.rows, request.query);
        return { ...found, keep };
      });
      const shown = namesAlone ? namesOnly(resource, rows) : rows;
      if (!tables || !key || !keep) return sendList(reply, resource, listQuery.start, shown, total, estimated);
      const page = {
        body: JSON.stringify(shown),
        headers: listHeaders(resource, listQuery.start, rows.length, total, estimated),
      };
      app.listCache.put(key, ticket, tables, page);
      return sendPage(reply, page);
    };

  // list pages are kept (server/resources/list-cache.ts); export pages, up to 5,000 rows, are not
  app.get(
    resource.api,
    {
      config: { permission: listPermission },
      schema: {
        tags,
        summary: `List ${resource.name} rows the caller may see`,
        querystring,
        response: answersOf.list(resource),
      },
    },
    list(hooks.maxListPage ?? MAX_LIST_PAGE, app.listCache.tablesOf(resource, hooks)),
  );

  if (resource.permissions.export) {
    app.get(
      `${resource.api}/export`,
      {
        config: { permission: exportPermissions(resource) },
        schema: {
          tags,
          summary: `Export ${resource.name} rows, up to ${MAX_EXPORT_PAGE} per request`,
          querystring,
          response: answersOf.list(resource),
        },
      },
      list(MAX_EXPORT_PAGE),
    );
  }

  app.get<{ Params: IdParams; Querystring: Record<string, unknown> }>(
    `${resource.api}/:id`,
    {
      config: { permission: readPermission },
      schema: {
        tags,
        summary: `Read one ${resource.name}`,
        params: resource.ids === 'serial' ? serialIdParams : idParams,
        response: answersOf.read(resource),
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const record = await findRecord(db, resource, caller, request.params.id);
      if (!record) throw notFound();
      await hooks.decorate?.(db, [record], request.query);
      await hooks.decorateOne?.(db, record);
      return record;
    },
  );

  if (resource.permissions.create) {
    app.post<{ Body: Body }>(
      resource.api,
      {
        config: { permission: [resource.permissions.create, ...(resource.alsoPermittedBy?.create ?? [])] },
        preValidation: normalise,
        schema: {
          tags,
          summary: `Create a ${resource.name}`,
          body: withWriteExample(resource, 'create', bodySchema(resource, 'create')),
          response: answersOf.create(resource),
        },
      },
      async (request, reply) => {
        const ctx = await context(request);
        const newId = await db
          .transaction(async (tx) => insertRecord({ ...ctx, db: tx as unknown as Db }, request.body, hooks))
          .catch(mapDatabaseError);
        const record = await findRecord(db, resource, ctx.caller, newId);
        reply.status(201);
        return record;
      },
    );
  }

  if (resource.permissions.edit) {
    app.put<{ Params: IdParams; Body: Body }>(
      `${resource.api}/:id`,
      {
        config: { permission: [resource.permissions.edit, ...(resource.alsoPermittedBy?.edit ?? [])] },
        preValidation: normalise,
        schema: {
          tags,
          summary: `Update a ${resource.name}`,
          params: idParams,
          body: withWriteExample(resource, 'update', bodySchema(resource, 'update')),
          response: answersOf.update(resource),
        },
      },
      async (request) => {
        const ctx = await context(request);
        const existing = await writableRecord(ctx, request.params.id);
        const body = request.body;
        const organisationId = await owningOrganisation(ctx, body, 'update');
        await checkWrite(ctx, body, existing.id);
        const columns = columnsFromBody(resource, body, 'update');
        if (organisationId !== undefined)
          columns.set('organisation_id', param({ type: 'reference', reference: 'organisation' }, organisationId));
        await db
          .transaction(async (tx) => {
            const txCtx = { ...ctx, db: tx as unknown as Db };
            await hooks.beforeUpdate?.(txCtx, existing, columns, body);
            if (columns.size) {
              const sets = [...columns.entries()].map(([n, v]) => sql`${id(n)} = ${v}`);
              await query(
                tx as unknown as Db,
                sql`update ${id(resource.table)} set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${existing.id}::uuid`,
              );
            }
            await hooks.afterWrite?.(txCtx, existing.id);
          })
          .catch(mapDatabaseError);
        // the answer shows what a read shows: a rule's webhook secret stays masked for whoever edits it
        const record = await findRecord(db, resource, ctx.caller, existing.id);
        if (record) await hooks.decorate?.(db, [record], {});
        return record;
      },
    );
  }

  if (resource.permissions.delete) {
    app.delete<{ Params: IdParams }>(
      `${resource.api}/:id`,
      {
        config: { permission: [resource.permissions.delete, ...(resource.alsoPermittedBy?.delete ?? [])] },
        schema: { tags, summary: `Delete a ${resource.name}`, params: idParams, response: answersOf.remove(resource) },
      },
      async (request) => {
        const ctx = await context(request);
        const existing = await writableRecord(ctx, request.params.id);
        await db
          .transaction(async (tx) => {
            await hooks.beforeDelete?.({ ...ctx, db: tx as unknown as Db }, existing);
            await query(tx as unknown as Db, sql`delete from ${id(resource.table)} where id = ${existing.id}::uuid`);
          })
          .catch(mapDatabaseError);
        return existing;
      },
    );
  }

  hooks.routes?.(app, db);
}

/**
 * Checks and inserts one row of a create body, inside the caller's transaction (ctx.db): the
 * create route's work, shared with routes that create many at once (bulk activation).
 */
export async function insertRecord(ctx: WriteContext, body: Body, hooks: ResourceHooks = {}): Promise<string> {
  const { resource } = ctx;
  const organisationId = await owningOrganisation(ctx, body, 'create');
  await checkWrite(ctx, body);
  const columns = columnsFromBody(resource, body, 'create');
  if (organisationId !== undefined)
    columns.set('organisation_id', param({ type: 'reference', reference: 'organisation' }, organisationId));
  await hooks.beforeCreate?.(ctx, columns, body);
  const names = [...columns.keys()];
  const [row] = await query<{ id: string }>(
    ctx.db,
    sql`insert into ${id(resource.table)} (${sql.join(
      names.map((n) => id(n)),
      sql`, `,
    )}) values (${sql.join(
      names.map((n) => columns.get(n)!),
      sql`, `,
    )}) returning id`,
  );
  await hooks.afterWrite?.(ctx, row!.id);
  return row!.id;
}

/** The row to change: 404 when the caller cannot see it, 403 when they can see but not change it. */
export async function writableRecord(ctx: WriteContext, recordId: string): Promise<ResourceRecord> {
  const writable = await findRecord(ctx.db, ctx.resource, ctx.caller, recordId, 'write');
  if (writable) return writable;
  if (await findRecord(ctx.db, ctx.resource, ctx.caller, recordId, 'read'))
    throw forbidden(said('validation.readOnlyRow'));
  throw notFound();
}
