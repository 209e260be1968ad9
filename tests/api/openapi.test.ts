import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/modules.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The API as a product (issue 29): every operation of the OpenAPI document the app serves declares
 * what it takes (path parameters, query string, body) and what it answers (a schema for each success,
 * the shared error body for each 4xx), with examples, and every example is valid against its schema.
 * A failure lists the operations at fault by method and path.
 */

type Schema = Record<string, unknown>;
interface Media {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  parameters?: { in: string; name: string; schema?: Schema; content?: Record<string, Media> }[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const resourceReads = new Set(resources.map((resource) => `GET /api${resource.api}/{id}`));

/** GET operations that take no query string, and why (the rule: a GET declares its query parameters). */
const TAKES_NO_QUERY: Record<string, string> = {
  'GET /api/health': 'a probe',
  'GET /api/auth/public-key': 'the one key',
  'GET /api/auth/logged-in-user/{id}': 'the user by id',
  'GET /api/auth/totp': "the caller's own state",
  'GET /api/api-tokens': "the caller's own tokens",
  'GET /api/device/{id}/commands': 'the last 50, by device id',
  'GET /api/vehicle/{id}/geofences': 'by vehicle id',
  'GET /api/organisation/settings/{id}': 'by organisation id',
  'GET /api/organisation/listing/{id}': 'by organisation id',
  'GET /api/notificationrules/{id}/secret': 'by rule id',
  'GET /api/forwarding-destinations/{id}/secret': 'by destination id',
  'GET /api/webhook-endpoints/{id}/secret': 'by endpoint id',
  'GET /api/notifications/unread-count': "the caller's own count",
  'GET /api/gateway/status': "this process's gateway",
  'GET /api/device/ephemeral': "the caller's tree's temporary devices",
  'GET /api/device/ephemeral/{id}/frames': 'by device id',
  'GET /api/certificate/{imei}': 'by IMEI',
  'GET /api/certificate/{imei}/corrections': 'by IMEI',
  'GET /api/push/public-key': 'the one key',
  'GET /api/push/subscriptions': "the caller's own subscriptions",
  'GET /api/dashboard/summary': "the caller's scope",
  'GET /api/erp/fitment-counts': "the caller's scope",
  'GET /api/erp/stock-counts': "the caller's scope",
  'GET /api/sos/open': "the caller's tree's open cases",
  'GET /api/file/{folder}/{name}': 'a file by its path',
};

/** POST, PUT and PATCH operations that take no body, and why (the rule: a write declares its body). */
const TAKES_NO_BODY: Record<string, string> = {
  'POST /api/auth/totp/setup': 'starts enrolment for the caller',
  'POST /api/vehicle/activate-tracking/{id}': 'acts on the id',
  'POST /api/vehicle/deactivate-tracking/{id}': 'acts on the id',
  'PUT /api/activation/approve/{id}': 'acts on the id',
  'PUT /api/activation/undo/{id}': 'acts on the id',
  'POST /api/maintenance-schedules/{id}/done': 'acts on the id',
  'POST /api/notifications/{id}/read': 'acts on the id',
  'POST /api/notifications/read-all': "acts on the caller's notifications",
  'PUT /api/device/ephemeral/{id}/keep': 'acts on the id',
  'POST /api/deliveries/{id}/retry': 'acts on the id',
};

/** Answers that are files, not JSON: their success is a binary without an example. */
const FILE_ANSWERS = new Set(['GET /api/file/{folder}/{name}']);

let server: TestServer;
let document: Document;
beforeAll(async () => {
  server = await startTestServer({ demo: false });
  document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
});
afterAll(async () => {
  await server?.close();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(
        ([, operation]) => typeof operation === 'object' && path.startsWith('/api/') && !path.startsWith('/api/docs'),
      )
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, method, path, operation })),
  );

function examplesOf(media: Media | undefined, components: Document['components']): unknown[] {
  if (!media) return [];
  const found: unknown[] = [];
  if (media.example !== undefined) found.push(media.example);
  for (const example of Object.values(media.examples ?? {})) found.push(example.value);
  const schema = resolve(media.schema, components);
  if (schema?.example !== undefined) found.push(schema.example);
  return found;
}

function resolve(schema: Schema | undefined, components: Document['components']): Schema | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return components.schemas[ref.replace('#/components/schemas/', '')];
}

function validator() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  let n = 0;
  return (schema: Schema, value: unknown) => {
    const { headers: _headers, ...body } = schema;
    const validate = ajv.compile({ ...body, $id: `operation-${n++}`, components: document.components });
    return validate(value) ? undefined : ajv.errorsText(validate.errors);
  };
}

/** What is missing or wrong in one operation's documentation. */
function problemsOf(name: string, method: string, path: string, operation: Operation): string[] {
  const problems: string[] = [];
  const check = validator();
  const parameters = operation.parameters ?? [];
  for (const [, param] of path.matchAll(/\{([^}]+)\}/g)) {
    const declared = parameters.find((p) => p.in === 'path' && p.name === param);
    const schema = declared?.schema ?? {};
    const constrained = ['format', 'pattern', 'enum', 'maxLength', '$ref'].some((k) => k in schema);
    if (!constrained) problems.push(`path parameter ${param} has no declared schema (format, pattern or length)`);
  }
  if (
    method === 'get' &&
    !parameters.some((p) => p.in === 'query') &&
    !TAKES_NO_QUERY[name] &&
    !resourceReads.has(name)
  )
    problems.push('declares no query parameters (or list it in TAKES_NO_QUERY with the reason)');
  if (['post', 'put', 'patch'].includes(method) && !TAKES_NO_BODY[name]) {
    const content = operation.requestBody?.content;
    if (!content) problems.push('declares no request body (or list it in TAKES_NO_BODY with the reason)');
    for (const [type, media] of Object.entries(content ?? {})) {
      const examples = examplesOf(media, document.components);
      if (!examples.length) problems.push(`request body (${type}) has no example`);
      for (const example of examples) {
        const error = media.schema && check(media.schema, example);
        if (error) problems.push(`request body example is not valid: ${error}`);
      }
    }
  }
  const responses = Object.entries(operation.responses ?? {});
  const successes = responses.filter(([status]) => status.startsWith('2'));
  if (!successes.some(([, response]) => response.content)) problems.push('no success response schema');
  for (const [status, response] of successes) {
    for (const [type, media] of Object.entries(response.content ?? {})) {
      const examples = examplesOf(media, document.components);
      if (!examples.length && !FILE_ANSWERS.has(name)) problems.push(`response ${status} (${type}) has no example`);
      for (const example of examples) {
        const error = media.schema && check(media.schema, example);
        if (error) problems.push(`response ${status} example is not valid: ${error}`);
      }
    }
  }
  const failures = responses.filter(([status]) => status.startsWith('4'));
  if (!failures.length) problems.push('no 4xx response');
  for (const [status, response] of failures) {
    const schema = response.content?.['application/json']?.schema;
    if (schema?.$ref !== '#/components/schemas/ErrorBody')
      problems.push(`response ${status} is not the shared ErrorBody`);
  }
  return problems;
}

describe('the OpenAPI document', () => {
  it('has the shared shapes once, as components, each valid against its own example', () => {
    const check = validator();
    for (const name of ['ErrorBody', 'Result', 'Uuid']) {
      const schema = document.components.schemas[name];
      expect(schema, name).toBeDefined();
      expect(schema!.example, name).toBeDefined();
      expect(check(schema!, schema!.example), name).toBeUndefined();
    }
  });

  it('declares what every operation takes and answers, with valid examples', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(250);
    const faults = all
      .map(({ name, method, path, operation }) => ({ name, problems: problemsOf(name, method, path, operation) }))
      .filter(({ problems }) => problems.length);
    const report = faults.map(({ name, problems }) => `${name}\n  - ${problems.join('\n  - ')}`).join('\n');
    expect(faults.length, `${faults.length} operations are incomplete:\n${report}`).toBe(0);
  });

  it('lists no operation twice in its tables', () => {
    const names = new Set(operations().map(({ name }) => name));
    for (const name of [...Object.keys(TAKES_NO_QUERY), ...Object.keys(TAKES_NO_BODY), ...FILE_ANSWERS])
      expect(names.has(name), `${name} is no operation of the document`).toBe(true);
  });
});
