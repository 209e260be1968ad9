import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnOf } from '../../resources/define.ts';
import { resources } from '../../resources/modules.ts';
import { writableFields } from '../../server/resources/validation.ts';
import { DATABASE_INPUT_ERRORS } from '../../server/http/errors.ts';
import { bearer, demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { DEMO_FIRST_IMEI } from '../../server/seed/demo.ts';

/**
 * Generated junk sent to every route of the API, as SUPER_ADMIN (who passes every permission
 * check, so the junk reaches the handler) and as a dealer (scoped to an organisation tree):
 * whatever the input, the answer is never a 5xx, a 4xx is in the API's error shape, and no refusal
 * comes from the database (a schema or a parser should have named the field first). The routes
 * come from the OpenAPI document the app serves, so a new route is covered without touching this
 * file. A failure prints the first failing request of each route and role (not shrunk: each try is a request).
 */

/**
 * Routes left out, and why. The WebSocket (/api/socket) is not a Fastify route and not in the
 * document; the upload (POST /api/file) gets JSON junk here, not multipart junk.
 */
const SKIPPED: Record<string, string> = {
  'GET /api/docs/json': 'the document itself',
};

// JUNK_SEED and JUNK_RUNS explore further by hand; the suite runs the fixed seed
const SEED = Number(process.env.JUNK_SEED ?? 20_260_411);
/** A seed of its own for each route and role, so that routes do not all get the same sequence. */
const seedOf = (name: string) => crypto.createHash('sha256').update(`${SEED} ${name}`).digest().readInt32LE(0);
const RUNS_PER_ROLE = Number(process.env.JUNK_RUNS ?? 30);

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}
interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface JunkRequest {
  method: Operation['method'];
  url: string;
  payload?: string;
}

// ---- the junk ------------------------------------------------------------------------------------

const json = (v: unknown) => JSON.stringify(v);
/** A lone surrogate cannot be written as UTF-8; it becomes U+FFFD, as a browser would send it. */
const encode = (text: string) =>
  encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
/** Ids of real rows (vehicles, devices, organisations, users, roles), so that junk beside them reaches the database. */
const knownIds: string[] = [];
/** A uuid of no row, or of a real row: only in bodies and queries, never in a path (a junk DELETE could remove it). */
const uuid = fc.oneof(
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constant(null).chain(() => fc.constantFrom(...knownIds)) },
);

const junkKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '',
  'a\u0000b',
  'q',
  'id',
  'id_gte',
  'id_ne',
  '_id',
  'organisationId',
  'createdAt',
  'x'.repeat(300),
);
const junkText = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '__proto__',
    'constructor',
    'toString',
    '1e30',
    '-1e30',
    '-0',
    'NaN',
    'Infinity',
    '',
    ' ',
    '0000-01-01',
    '0000-01-01T00:00:00Z',
    '99999-12-31',
    '+099999-01-01T00:00:00Z',
    '2026-02-30',
    '2026-13-45',
    '1900-01-01',
    '9999-12-31T23:59:59.999Z',
    '0',
    '-1',
    '4294967296',
    '9223372036854775808',
    "'; drop table users; --",
    '%',
    '_',
    '\\',
    '%00',
    '{}',
    '[]',
    'null',
    'true',
    '\ud800',
    'ASC',
    'DESC',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '27AAPFU0939F1ZV',
    '861234567890123',
  ),
  fc.constant('x'.repeat(100_000)),
  uuid,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
/** JSON number tokens JSON.stringify cannot write: 1e999 parses to Infinity. */
const junkNumber = fc.oneof(
  fc.constantFrom(
    '1e30',
    '-1e30',
    '-0',
    '1e999',
    '-1e999',
    '0.5',
    '-1',
    '0',
    '4294967296',
    '9223372036854775808',
    '1e-320',
    '123456789012345678901234567890',
  ),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(json),
);
const junkPrimitive = fc.oneof(junkText.map(json), junkNumber, fc.constantFrom('true', 'false', 'null'));
const objectText = (keys: fc.Arbitrary<string>, values: fc.Arbitrary<string>, maxLength = 5) =>
  fc
    .array(fc.tuple(keys, values), { maxLength })
    .map((entries) => `{${entries.map(([k, v]) => `${json(k)}:${v}`).join(',')}}`);
const deepNesting = fc
  .tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );
const { junkJson } = fc.letrec<{ junkJson: string }>((tie) => ({
  junkJson: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    junkPrimitive,
    fc.array(tie('junkJson'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    objectText(junkKey, tie('junkJson')),
  ),
}));
const anyJunk = fc.oneof({ weight: 6, arbitrary: junkJson }, { weight: 1, arbitrary: deepNesting });

/** Text matching a route's pattern; fast-check cannot build one with a lookahead, the pattern's own junk then. */
function matching(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern), { size: 'small' });
  } catch {
    return junkText;
  }
}

/** Values the schema lets through but that sit at its edges, or anything at all. */
function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<string> {
  if (!schema || depth > 4) return anyJunk;
  const types = [schema.type ?? []].flat();
  const fitting: fc.Arbitrary<string>[] = [];
  if (schema.enum) fitting.push(fc.constantFrom(...schema.enum).map(json));
  if (schema.nullable || types.includes('null')) fitting.push(fc.constant('null'));
  if (types.includes('string')) {
    if (schema.format === 'uuid') fitting.push(uuid.map(json));
    else if (schema.pattern) fitting.push(matching(schema.pattern).map(json));
    else fitting.push(junkText.map(json));
    if (schema.pattern?.includes('\\d{4}-\\d{2}'))
      fitting.push(
        fc
          .constantFrom('0000-01-01', '99999-01-01', '2026-02-30', '2026-99-99T99:99:99Z', '1900-01-01 00:00:00+99:99')
          .map(json),
      );
  }
  if (types.includes('number') || types.includes('integer')) fitting.push(junkNumber);
  if (types.includes('boolean')) fitting.push(fc.boolean().map(json));
  if (types.includes('array'))
    fitting.push(fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 }).map((items) => `[${items.join(',')}]`));
  if (types.includes('object') || schema.properties) fitting.push(objectFor(schema, depth + 1));
  // mostly values the schema takes, so that the request reaches the handler with its edges
  return fitting.length
    ? fc.oneof({ weight: 8, arbitrary: fc.oneof(...fitting) }, { weight: 1, arbitrary: anyJunk })
    : anyJunk;
}

/** An object with each declared property present or not, at its edges or wrong, and junk keys beside them. */
function objectFor(schema: Schema, depth = 0): fc.Arbitrary<string> {
  const declared = Object.entries(schema.properties ?? {});
  const property = ([name, sub]: [string, Schema]) =>
    fc.option(
      valueFor(sub, depth).map((v) => `${json(name)}:${v}`),
      { freq: 4 },
    );
  const extra = fc.array(
    fc.tuple(junkKey, junkJson).map(([k, v]) => `${json(k)}:${v}`),
    { maxLength: 1 },
  );
  return fc
    .tuple(fc.tuple(...declared.map(property)), extra)
    .map(([props, extras]) => `{${[...props.filter((p): p is string => p !== null), ...extras].join(',')}}`);
}

/** Filter and sort keys: the resource's declared fields with the list operators, and junk ones. */
function listKeys(path: string): fc.Arbitrary<string> {
  const resource = resources.find((r) => path === `/api${r.api}` || path === `/api${r.api}/export`);
  const names = Object.keys(resource?.fields ?? {});
  const declared = names.flatMap((n) => [n, `${n}_gte`, `${n}_lte`, `${n}_ne`]);
  return declared.length ? fc.oneof(fc.constantFrom(...declared), junkKey) : junkKey;
}

function queryValue(path: string, name: string, schema: Schema | undefined): fc.Arbitrary<string> {
  const keys = listKeys(path);
  if (name === 'filter') {
    const filterValue = fc.oneof(
      junkPrimitive,
      fc.array(junkPrimitive, { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
      junkJson,
    );
    return fc.oneof(
      { weight: 6, arbitrary: objectText(keys, filterValue, 1) },
      { weight: 2, arbitrary: objectText(keys, filterValue, 4) },
      { weight: 1, arbitrary: anyJunk },
      { weight: 1, arbitrary: junkText },
    );
  }
  if (name === 'sort')
    return fc.oneof(
      fc.tuple(keys, junkPrimitive).map(([k, o]) => `[${json(k)},${o}]`),
      anyJunk,
      junkText,
    );
  if (name === 'range')
    return fc.oneof(
      fc.tuple(junkNumber, junkNumber).map(([a, b]) => `[${a},${b}]`),
      anyJunk,
      junkText,
    );
  if (schema?.format === 'uuid') return fc.oneof(uuid, junkText);
  return junkText;
}

function requestFor(operation: Operation): fc.Arbitrary<JunkRequest> {
  const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
  const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const isList = queryParams.some((p) => p.name === 'filter');
  const path = fc
    .tuple(
      ...pathParams.map(() =>
        fc.oneof({ weight: 3, arbitrary: fc.uuid() }, { weight: 1, arbitrary: junkText.filter((t) => t !== '') }),
      ),
    )
    .map((values) => pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, encode(values[i]!)), operation.path));
  // a list's filter comes more often than its sort and range, so that each reaches the parser alone
  const declaredQuery = fc.tuple(
    ...queryParams.map((p) =>
      fc
        .option(queryValue(operation.path, p.name, p.schema), { freq: p.name === 'sort' || p.name === 'range' ? 2 : 4 })
        .map((v) => [p.name, v] as const),
    ),
  );
  // plain parameters naming a field filter a list too; a repeated one arrives as an array
  const plainQuery = isList
    ? fc.array(fc.tuple(listKeys(operation.path), junkText), { maxLength: 2 })
    : fc.array(fc.tuple(junkKey, junkText), { maxLength: 1 });
  // and now and then a parameter whose percent-encoding is not UTF-8
  const badEncoding = fc.option(fc.constantFrom('x=%FF%FE', 'filter=%E0%A4', 'q=%00', 'sort=%'), { freq: 8 });
  const query = fc
    .tuple(declaredQuery, plainQuery, badEncoding)
    .map(([declared, plain, bad]) =>
      [
        ...[...declared.filter((e): e is readonly [string, string] => e[1] !== null), ...plain].map(
          ([k, v]) => `${encode(k)}=${encode(v)}`,
        ),
        ...(bad ? [bad] : []),
      ].join('&'),
    );
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const sendsBody = operation.method !== 'GET';
  const body = !sendsBody
    ? fc.constant(undefined)
    : bodySchema
      ? fc.oneof({ weight: 5, arbitrary: valueFor(bodySchema) }, { weight: 1, arbitrary: anyJunk })
      : fc.option(anyJunk, { freq: 2 }).map((b) => b ?? undefined);
  return fc
    .tuple(path, query, body)
    .map(([url, q, payload]) => ({ method: operation.method, url: q ? `${url}?${q}` : url, payload }));
}

// ---- the run -------------------------------------------------------------------------------------

const databaseRefusals = new Set(Object.values(DATABASE_INPUT_ERRORS).map((m) => m.text));
const shorten = (text: string) =>
  text.replace(/(.)\1{60,}/gsu, (run, c: string) => `${c.repeat(10)}…(${run.length} × ${json(c)})`).slice(0, 2000);
const readable = (url: string) => {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
};
const describeRequest = (r: JunkRequest) =>
  `${r.method} ${shorten(readable(r.url))}${r.payload === undefined ? '' : `\n${shorten(r.payload)}`}`;

let server: TestServer;
let sessions: Record<string, string>;
/** The dealer's user id: the junk may have changed their e-mail. */
let dealerId: string;
let operations: Operation[];

beforeAll(async () => {
  server = await startTestServer();
  const dealer = await signIn(server.app, demoEmail('dealer'));
  dealerId = dealer.user.id;
  sessions = {
    superadmin: (await signIn(server.app, demoEmail('superadmin'))).token.access.token,
    dealer: dealer.token.access.token,
  };
  for (const collection of ['vehicle', 'device', 'organisation', 'users', 'roles', 'group', 'geofences']) {
    const rows = (
      await send(sessions.superadmin!, { method: 'GET', url: `/api/${collection}?range=[0,2]` })
    ).json() as { id: string }[];
    knownIds.push(...rows.map((row) => row.id));
  }
  const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  };
  operations = Object.entries(document.paths)
    .flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({
        ...op,
        method: method.toUpperCase() as Operation['method'],
        path,
      })),
    )
    .filter((op) => op.path.startsWith('/api/') && !SKIPPED[`${op.method} ${op.path}`]);
});
afterAll(async () => {
  await server?.close();
});

/** The rows of a table now, to show a refused write wrote nothing. */
async function count(table: string) {
  const result = (await server.database.db.execute(
    sql`select count(*)::integer as n from ${sql.identifier(table)}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

async function send(token: string, request: JunkRequest) {
  return server.app.inject({
    method: request.method,
    url: request.url,
    headers: { ...bearer(token), ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: request.payload,
  });
}

describe('junk input', () => {
  it('covers every route of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it('never answers 5xx, on any route, as SUPER_ADMIN or as a dealer', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      for (const [role, token] of Object.entries(sessions)) {
        const result = await fc.check(
          fc.asyncProperty(requestFor(operation), async (request) => {
            const response = await send(token, request);
            if (response.statusCode >= 500) throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`);
            if (response.statusCode >= 400) {
              const answer = response.json() as { success?: unknown; message?: unknown };
              if (answer.success !== false || typeof answer.message !== 'string')
                throw new Error(`a ${response.statusCode} outside the error format: ${response.body.slice(0, 300)}`);
              // the database's refusal is the last line of defence; a schema should have named the field first
              if (databaseRefusals.has(answer.message))
                throw new Error(`refused by the database, not by a schema: ${response.body.slice(0, 300)}`);
            }
          }),
          { seed: seedOf(`${operation.method} ${operation.path} ${role}`), numRuns: RUNS_PER_ROLE, endOnFailure: true },
        );
        if (result.failed) {
          failures.push(
            `${operation.method} ${operation.path} as ${role}:\n  ${describeRequest(result.counterexample![0])}\n  → ${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)}`,
          );
        }
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
});

/** The inputs issue 11 found answered 500, each now a 400 naming the field where there is one, with nothing written. */
describe('the malformed inputs of issue 11', () => {
  const writes: [string, string, string, Record<string, unknown> | string, string | undefined][] = [
    ['a NUL byte in a name', 'vehicle_groups', '/api/group', { name: 'Night\u0000shift' }, 'name'],
    [
      'a NUL byte in a nested field',
      'organisations',
      '/api/organisation',
      { tradeName: 'Nul Traders', address: { city: 'Kan\u0000pur' } },
      'address.city',
    ],
    [
      'a NUL byte in free JSON',
      'roles',
      '/api/roles',
      { name: 'NUL_ROLE', authScopes: [{ id: 'a\u0000b' }] },
      'authScopes.0.id',
    ],
    ['a name of 100 000 characters', 'device_models', '/api/device-model', { name: 'x'.repeat(100_000) }, 'name'],
    ['1e30 as a quantity', 'items', '/api/item', { name: 'Tag', quantity: 1e30 }, 'quantity'],
    [
      '-1e30 as a threshold',
      'wallets',
      '/api/wallets',
      { userId: crypto.randomUUID(), lowBalanceThreshold: -1e30 },
      'lowBalanceThreshold',
    ],
    [
      'year 0 as a start date',
      'job_schedules',
      '/api/job-schedule',
      { name: 'Year zero', vehicleId: crypto.randomUUID(), startDate: '0000-01-01' },
      'startDate',
    ],
    [
      'year 99999 as a start date',
      'job_schedules',
      '/api/job-schedule',
      { name: 'Far future', vehicleId: crypto.randomUUID(), startDate: '99999-01-01' },
      'startDate',
    ],
    [
      '30 February',
      'job_schedules',
      '/api/job-schedule',
      { name: 'No such day', vehicleId: crypto.randomUUID(), startDate: '2026-02-30' },
      'startDate',
    ],
    ['an object for a name', 'vehicle_groups', '/api/group', { name: { first: 'x' } }, 'name'],
    // refused before parsing now, for its depth (below, issue 24), so no field is named
    [
      'an array nested 5000 deep',
      'vehicle_groups',
      '/api/group',
      `{"name":"Deep","description":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      undefined,
    ],
  ];

  it.each(writes)(
    'refuses %s with a 400 naming the field (where it can), and writes nothing',
    async (_what, table, url, body, field) => {
      const before = await count(table);
      const response = await send(sessions.superadmin!, {
        method: 'POST',
        url,
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(response.statusCode, response.body).toBe(400);
      const answer = response.json() as { success: boolean; message: string; errors?: Record<string, string> };
      expect(answer.success).toBe(false);
      if (field) expect(Object.keys(answer.errors ?? {}), response.body).toContain(field);
      expect(await count(table)).toBe(before);
    },
  );

  it('refuses "__proto__" as a JSON key of a body, and writes nothing', async () => {
    const before = await count('vehicle_groups');
    const response = await send(sessions.superadmin!, {
      method: 'POST',
      url: '/api/group',
      payload: '{"name":"Polluted","__proto__":{"isAdmin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    expect(await count('vehicle_groups')).toBe(before);
  });

  const reads: [string, string][] = [
    ['"__proto__" as a filter key', '/api/device?filter={"__proto__":"x"}'],
    ['"constructor" as a filter key', '/api/device?filter={"constructor":"x"}'],
    ['"toString" as a filter key', '/api/users?filter={"toString":"x"}'],
    ['a NUL byte in a filter value', '/api/device?filter={"imei":"86\\u00001"}'],
    ['a NUL byte in the search', '/api/device?filter={"q":"a\\u0000b"}'],
    ['a NUL byte in the global search', '/api/search?q=a%00b'],
    ['1e30 in a range', '/api/device?range=[1e30,1e30]'],
    ['a filter text of 100 000 characters', `/api/device?filter={"q":"${'x'.repeat(100_000)}"}`],
    ['year 0 in a date filter', '/api/raw-logs?filter={"receivedAt_gte":"0000-01-01"}'],
    ['year 0 as the start of positions', '/api/positions?from=0000-01-01T00:00:00Z'],
    ['year 99999 as the end of alerts', '/api/eventlogs?to=%2B099999-01-01T00:00:00Z'],
    ['an array as a filter', '/api/device?filter=[1,2]'],
    ['an object as a range', '/api/device?range={"a":1}'],
  ];

  it.each(reads)('refuses %s with a 400', async (_what, url) => {
    const response = await send(sessions.superadmin!, {
      method: 'GET',
      url: url.replace(/[{}"[\]\\ ]/g, encodeURIComponent),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('takes null for an optional field whose column has no null as its default (a last name, an address)', async () => {
    const profile = await send(sessions.dealer!, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: JSON.stringify({ lastName: null }),
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data.lastName).toBe('');
    const organisation = await send(sessions.superadmin!, {
      method: 'POST',
      url: '/api/organisation',
      payload: JSON.stringify({ tradeName: 'Null Address Traders', brandName: 'Null', address: null }),
    });
    expect(organisation.statusCode, organisation.body).toBe(201);
  });

  it('has a default for every optional field whose column cannot hold null', async () => {
    const result = (await server.database.db
      .execute(sql`select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = 'public' and is_nullable = 'NO'`)) as unknown as {
      rows: { table: string; column: string }[];
    };
    const notNull = new Set(result.rows.map((r) => `${r.table}.${r.column}`));
    const missing = resources.flatMap((resource) =>
      writableFields(resource, 'update')
        .filter(
          ([name, field]) =>
            !field.required &&
            field.type !== 'password' &&
            field.type !== 'object' &&
            name !== 'organisationId' &&
            field.default === undefined &&
            notNull.has(`${resource.table}.${columnOf(name, field)}`),
        )
        .map(([name]) => `${resource.name}.${name}`),
    );
    expect(missing).toEqual([]);
  });
});

/** Issue 24: a body nested thousands of levels deep exhausted the stack of whatever walked it (a role's permission tree answered 500). */
describe('bodies nested too deeply', () => {
  /** A permission tree `nodes` deep, each the one child of the one above (the shape that answered 500): 2 × nodes - 1 levels, and the leaf's. */
  const deepScopes = (nodes: number, leaf = '{"id":"x"}') =>
    `${'{"id":"x","children":['.repeat(nodes - 1)}${leaf}${']}'.repeat(nodes - 1)}`;
  const post = (url: string, payload: string, method: JunkRequest['method'] = 'POST') =>
    send(sessions.superadmin!, { method, url, payload });
  const refusedForDepth = (response: Awaited<ReturnType<typeof send>>) => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      messageKey: 'api.request.tooDeep',
      message: 'The request body is nested too deeply: at most 32 levels',
    });
  };

  it('refuses a role whose permission tree nests 3,000 levels with a 400, writes nothing, and stays healthy', async () => {
    const before = await count('roles');
    refusedForDepth(await post('/api/roles', `{"name":"DEEP_ROLE","authScopes":[${deepScopes(3000)}]}`));
    expect(await count('roles')).toBe(before);
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('refuses 3,000 levels on other routes too, before any field or hook sees them', async () => {
    const dealerNames = async () =>
      (
        (await server.database.db.execute(
          sql`select first_name as "firstName" from users where id = ${dealerId}::uuid`,
        )) as unknown as { rows: { firstName: string }[] }
      ).rows;
    const before = await dealerNames();
    expect(before).toHaveLength(1);
    const deepObject = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    // the profile dropped the unknown key and saved the rest
    refusedForDepth(
      await send(sessions.dealer!, {
        method: 'PUT',
        url: '/api/auth/profile',
        payload: `{"firstName":"Deep","extra":${deepObject}}`,
      }),
    );
    expect(await dealerNames()).toEqual(before);
    const groups = await count('vehicle_groups');
    refusedForDepth(await post('/api/group', `{"name":"Deep","description":${'['.repeat(3000)}${']'.repeat(3000)}}`));
    refusedForDepth(await post('/api/group', '['.repeat(3000) + ']'.repeat(3000)));
    expect(await count('vehicle_groups')).toBe(groups);
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('takes 32 levels but not 33, and does not count brackets inside texts', async () => {
    // the body, authScopes, 29 levels of nodes, and the leaf's actions: 32
    const role = (leaf: string) => post('/api/roles', `{"name":"DEEP_ENOUGH","authScopes":[${deepScopes(15, leaf)}]}`);
    refusedForDepth(await role('{"id":"x","actions":{"a":[true]}}'));
    const taken = await role('{"id":"x","actions":{"a":true}}');
    expect(taken.statusCode, taken.body.slice(0, 300)).toBe(201);
    const group = await post('/api/group', JSON.stringify({ name: 'Brackets', description: '[{"\\'.repeat(100) }));
    expect(group.statusCode, group.body.slice(0, 300)).toBe(201);
  });

  it('still answers a body over 1 MiB with 413, however deep it is', async () => {
    for (const payload of [
      JSON.stringify({ name: 'Large', description: 'x'.repeat(1024 * 1024) }),
      '['.repeat(600_000) + ']'.repeat(600_000),
    ]) {
      const response = await post('/api/group', payload);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ success: false, messageKey: 'api.request.tooLarge' });
    }
  });
});

/**
 * Issue 24: a JSON body's values are taken with the types they were sent in. Ajv's coercion read
 * "0x10" as 16, true as 1, [5] as 5 and "16" as 16 paise; it is now left to query strings and
 * paths, which are text by nature.
 */
describe('money fields are numbers', () => {
  const NOT_NUMBERS = ['"0x10"', 'true', '[5]', '"16"'];
  interface Wallet {
    id: string;
    balance: number;
    lowBalanceThreshold: number;
    organisationId: string;
  }
  let admin: string;
  let wallet: Wallet;
  const readWallet = async () =>
    (await send(admin, { method: 'GET', url: `/api/wallets/${wallet.id}` })).json() as Wallet;
  const movementCount = async () =>
    ((await send(admin, { method: 'GET', url: `/api/wallets/${wallet.id}/transactions` })).json() as unknown[]).length;
  const refusedNaming = (response: Awaited<ReturnType<typeof send>>, field: string) => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    const answer = response.json() as { success: boolean; message: string; errors?: Record<string, string> };
    expect(answer.success).toBe(false);
    expect(Object.keys(answer.errors ?? {}), response.body.slice(0, 300)).toContain(field);
  };

  beforeAll(async () => {
    admin = (await signIn(server.app, demoEmail('admin'))).token.access.token;
    const owner = (await signIn(server.app, demoEmail('rfcadmin'))).user.id;
    wallet = ((await send(admin, { method: 'GET', url: `/api/wallets?userId=${owner}` })).json() as Wallet[])[0]!;
  });

  it('refuses "0x10", true, [5] and "16" as the amount of a credit or a debit, and moves nothing', async () => {
    const before = await readWallet();
    const movements = await movementCount();
    for (const step of ['add', 'deduct']) {
      for (const [i, amount] of NOT_NUMBERS.entries()) {
        const payload = `{"amount":${amount},"description":"Coerced","idempotencyKey":"coerced-${step}-${i}"}`;
        refusedNaming(
          await send(admin, { method: 'PUT', url: `/api/wallets/${step}/${wallet.id}`, payload }),
          'amount',
        );
      }
    }
    expect((await readWallet()).balance).toBe(before.balance);
    expect(await movementCount()).toBe(movements);
    // a number is a number
    const credited = await send(admin, {
      method: 'PUT',
      url: `/api/wallets/add/${wallet.id}`,
      payload: '{"amount":16,"description":"Sixteen paise","idempotencyKey":"sixteen","reference":"NEFT-SIXTEEN"}',
    });
    expect(credited.statusCode, credited.body.slice(0, 300)).toBe(200);
    expect((await readWallet()).balance).toBe(before.balance + 16);
  });

  it('refuses them as renewal prices in the organisation settings, and changes nothing', async () => {
    const url = `/api/organisation/settings/${wallet.organisationId}`;
    const settings = async () =>
      (await send(sessions.superadmin!, { method: 'GET', url })).json().data.settings as Record<string, unknown>;
    const before = await settings();
    for (const field of ['priceOneYearPaise', 'priceTwoYearsPaise']) {
      for (const price of NOT_NUMBERS)
        refusedNaming(
          await send(sessions.superadmin!, { method: 'PUT', url, payload: `{"${field}":${price}}` }),
          field,
        );
    }
    expect(await settings()).toEqual(before);
  });

  it("refuses them as a wallet's low balance alert, on create and on edit, and changes nothing", async () => {
    const wallets = await count('wallets');
    for (const threshold of NOT_NUMBERS) {
      refusedNaming(
        await send(sessions.superadmin!, {
          method: 'PUT',
          url: `/api/wallets/${wallet.id}`,
          payload: `{"lowBalanceThreshold":${threshold}}`,
        }),
        'lowBalanceThreshold',
      );
      refusedNaming(
        await send(sessions.superadmin!, {
          method: 'POST',
          url: '/api/wallets',
          payload: `{"userId":"${crypto.randomUUID()}","lowBalanceThreshold":${threshold}}`,
        }),
        'lowBalanceThreshold',
      );
    }
    expect((await readWallet()).lowBalanceThreshold).toBe(wallet.lowBalanceThreshold);
    expect(await count('wallets')).toBe(wallets);
  });

  it('refuses "365" as the days of a renewal or a fitment, from which its price follows, and orders nothing', async () => {
    const orders = await count('renewal_orders');
    const pair = { imei: DEMO_FIRST_IMEI, registrationNumber: 'UP78AT4321' };
    for (const days of ['"365"', 'true', '[365]']) {
      const payload = `{"registrationNumber":"${pair.registrationNumber}","imei":"${pair.imei}","durationInDays":${days},"provider":"test"}`;
      refusedNaming(
        await send(sessions.superadmin!, { method: 'POST', url: '/api/public/renewal/orders', payload }),
        'durationInDays',
      );
      refusedNaming(
        await send(sessions.superadmin!, {
          method: 'POST',
          url: '/api/fitment',
          payload: `{"durationInDays":${days}}`,
        }),
        'durationInDays',
      );
    }
    expect(await count('renewal_orders')).toBe(orders);
    // a query string is text by nature, and its numbers are still read from it
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/public/centres?kind=SSC&page=2&perPage=5' })).statusCode,
    ).toBe(200);
  });
});
