import fs from 'node:fs';
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { PUBLIC } from '../http/permissions.ts';
import { message, said } from '../resources/messages.ts';
import { spoken, type Said } from '../http/errors.ts';

/**
 * The shapes every route shares, defined once: Fastify's shared schemas (`app.addSchema`), which
 * @fastify/swagger puts in the document's `components.schemas` under their `$id`, and routes refer
 * to as `{ $ref: 'ErrorBody#' }`. docs/api.md, "The OpenAPI document", says how they are used.
 */

type Schema = Record<string, unknown>;

const PHONE_REQUIRED = message('validation.required', { label: message('resources.user.fields.phone') });

/** The plain field types the answers repeat, defined once: nullable text, numbers and flags, counts, ISO 8601 instants. */
export const nullableText = { type: ['string', 'null'] };
export const nullableNumber = { type: ['number', 'null'] };
export const nullableBoolean = { type: ['boolean', 'null'] };
export const integer = { type: 'integer' };
export const instant = { type: 'string', description: 'ISO 8601 instant' };
export const nullableInstant = { type: ['string', 'null'], description: 'ISO 8601 instant' };

/** The error body of every 4xx and 5xx answer (server/http/errors.ts HttpError.body()). */
export const ERROR_BODY = {
  $id: 'ErrorBody',
  description: 'An error: the English message, its catalogue key, and each field at fault',
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string', description: 'English text, for clients without the catalogues' },
    messageKey: { type: 'string', description: 'The key of the message in core/i18n' },
    messageValues: { type: 'object', additionalProperties: true },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'Field name: its message' },
    errorKeys: {
      type: 'object',
      additionalProperties: { type: 'object', properties: { key: { type: 'string' }, values: { type: 'object' } } },
    },
  },
  additionalProperties: true,
  examples: [
    {
      success: false,
      ...spoken(said('validation.required', { label: said('resources.user.fields.phone') })),
      errors: { phone: PHONE_REQUIRED },
      errorKeys: { phone: { key: 'validation.required', values: { label: { key: 'resources.user.fields.phone' } } } },
    },
  ],
};

/** `{success, message}`: an action done, said in English and as a catalogue key (server/http/errors.ts spoken()). */
export const RESULT = {
  $id: 'Result',
  type: 'object',
  required: ['success'],
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    messageKey: { type: 'string' },
    messageValues: { type: 'object', additionalProperties: true },
  },
  additionalProperties: true,
  examples: [{ success: true, ...spoken(said('api.settings.saved')) }],
};

/** A row's uuid in a path (`/{id}`), as server/http/params.ts idParams checks it. */
export const UUID = {
  $id: 'Uuid',
  type: 'string',
  format: 'uuid',
  examples: ['3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64'],
};

export const SHARED_SCHEMAS = [ERROR_BODY, RESULT, UUID];

export const errorRef = { $ref: 'ErrorBody#' } as const;

/** Error responses, each the shared error body. */
export function errors(...statuses: number[]): Record<number, typeof errorRef> {
  return Object.fromEntries(statuses.map((status) => [status, errorRef]));
}

/** An object of these properties (others may follow: a response schema documents, it does not filter). */
export const obj = (properties: Record<string, Schema>, required: string[] = []): Schema => ({
  type: 'object',
  ...(required.length ? { required } : {}),
  properties,
  additionalProperties: true,
});

/** A 200 (or the status given) answer `{success, message, data}` with its example, and the errors it may give. */
export const answers = (data: Schema, example: unknown, statuses: number[], status = 200) => ({
  [status]: envelope(data, example),
  ...errors(...statuses),
});

/** The schema with an example (a request body's, a response's). */
export const withExample = <T extends Schema>(schema: T, ...examples: unknown[]): T => ({ ...schema, examples });

/** As answers, for an action that also says what it did: the example carries the message. */
export const answersSaying = (message: Said, data: Schema, example: unknown, statuses: number[], status = 200) => ({
  [status]: withExample(envelope(data, example), { success: true, ...spoken(message), data: example }),
  ...errors(...statuses),
});

/** An action's answer, `{success, message}`, and the errors it may give. */
export const done = (...statuses: number[]) => ({ 200: { $ref: 'Result#' }, ...errors(...statuses) });

/** `{success, message, data}` around a payload, with its example. */
export function envelope(data: Schema, example: unknown, extra: Record<string, Schema> = {}): Schema {
  return {
    type: 'object',
    required: ['success'],
    properties: {
      success: { type: 'boolean' },
      message: { type: 'string' },
      messageKey: { type: 'string' },
      messageValues: { type: 'object', additionalProperties: true },
      data,
      ...extra,
    },
    additionalProperties: true,
    examples: [{ success: true, data: example }],
  };
}

/** A list answer on the ra-data-simple-rest contract: a JSON array, and the range and total in Content-Range. */
export function listOf(item: Schema, example: unknown, name: string): Schema {
  return {
    description: `A page of rows; \`Content-Range: ${name} 0-9/42\` gives its range and the total (X-Total-Estimated: true when the total is an estimate)`,
    type: 'array',
    items: item,
    headers: {
      'Content-Range': { type: 'string', description: `${name} {first}-{last}/{total}` },
      'X-Total-Estimated': { type: 'string', enum: ['true'], description: 'present when the total is an estimate' },
    },
    examples: [[example]],
  };
}

/** Fills each route's error responses where it declares none: what any route of the API may answer. */
export function documentErrors(route: RouteOptions) {
  const schema = (route.schema ?? {}) as Schema & { response?: Record<string, unknown>; hide?: boolean };
  const response = schema.response ?? {};
  if (Object.keys(response).some((status) => status.startsWith('4'))) return;
  const permission = (route.config as { permission?: unknown } | undefined)?.permission;
  const signedIn = permission !== PUBLIC;
  const statuses = [400, ...(signedIn ? [401, 403] : []), ...(route.url.includes(':') ? [404] : []), 429];
  route.schema = { ...schema, response: { ...response, ...errors(...statuses) } };
}

/**
 * The serializer of every answer with a response schema: JSON.stringify, as for the routes without
 * one, so a response schema documents an answer and never changes it (fast-json-stringify, Fastify's
 * default, drops properties the schema does not name and coerces types). docs/api.md says why.
 * With WAYMARK_CHECK_RESPONSES=<file>, each answer is also checked against its schema and every
 * mismatch appended to the file, one JSON line each: how the schemas were proved against the tests.
 */
export function documentingSerializers(app: FastifyInstance) {
  const checkFile = process.env.WAYMARK_CHECK_RESPONSES;
  if (!checkFile) {
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    return;
  }
  const compile = AjvCompiler()(Object.fromEntries(SHARED_SCHEMAS.map((shared) => [shared.$id, shared])), {
    customOptions: { strict: false, allErrors: true, coerceTypes: false },
  }) as unknown as (route: { schema: Schema }) => ((data: unknown) => boolean) & { errors?: unknown[] | null };
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    const { headers: _headers, ...body } = schema as Schema;
    const validate = compile({ schema: body });
    return (data) => {
      const text = JSON.stringify(data);
      if (text !== undefined && !validate(JSON.parse(text))) {
        const line = {
          method,
          url,
          status: httpStatus,
          errors: validate.errors?.slice(0, 5),
          sample: text.slice(0, 400),
        };
        fs.appendFileSync(checkFile, `${JSON.stringify(line)}\n`);
      }
      return text;
    };
  });
}
