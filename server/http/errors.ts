import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { said, saidForText } from '../resources/messages.ts';

/**
 * A message of the console's catalogues (core/i18n): the key and values the console translates in
 * the user's language, and the English text for other API clients (server/resources/messages.ts, said()).
 */
export interface Said {
  text: string;
  key: string;
  values: Record<string, SaidValue>;
}
/** A value in a message: a text or number, or a message of its own (a field's label). */
export type SaidValue = string | number | Said;
/** A keyed message as the console reads it: values that are messages are keys again. */
interface KeyOnWire {
  key: string;
  values?: Record<string, string | number | KeyOnWire>;
}
/**
 * What no key says, passed on as it is: a library's own words (Ajv's default validation text) or a
 * figure (the paise missing from a wallet). Made only by verbatim(), so that a literal sentence given
 * to an error helper is a type error: a message of ours is a catalogue key, said().
 */
export type Verbatim = string & { readonly verbatim: true };
export const verbatim = (text: string) => text as Verbatim;
type Message = Verbatim | Said;

const isSaid = (value: unknown): value is Said =>
  typeof value === 'object' && value !== null && 'key' in value && 'text' in value;
const valuesOnWire = (values: Record<string, SaidValue>) =>
  Object.fromEntries(Object.entries(values).map(([name, v]) => [name, isSaid(v) ? keyOnWire(v) : v]));
const keyOnWire = (m: Said): KeyOnWire =>
  Object.keys(m.values).length ? { key: m.key, values: valuesOnWire(m.values) } : { key: m.key };

const textOf = (message: Message) => (typeof message === 'string' ? message : message.text);

/** A message on the wire: `message`, with `messageKey` and `messageValues` when it has a key. */
export function spoken(message: Said | Verbatim): {
  message: string;
  messageKey?: string;
  messageValues?: Record<string, string | number | KeyOnWire>;
} {
  if (typeof message === 'string') return { message };
  return {
    message: message.text,
    messageKey: message.key,
    ...(Object.keys(message.values).length ? { messageValues: valuesOnWire(message.values) } : {}),
  };
}

/** An error whose message is meant for the user; anything else becomes "Something went wrong". */
export class HttpError extends Error {
  readonly said: Said | undefined;

  constructor(
    readonly statusCode: number,
    message: Message,
    readonly fieldMessages?: Record<string, Message>,
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(textOf(message));
    this.said = typeof message === 'string' ? undefined : message;
  }

  /** The field errors' texts, as `errors` has always carried them. */
  get errors(): Record<string, string> | undefined {
    return (
      this.fieldMessages &&
      Object.fromEntries(Object.entries(this.fieldMessages).map(([field, m]) => [field, textOf(m)]))
    );
  }

  /** The API's error shape: {success:false, message, errors?}, and the keys of those that have one (messageKey, messageValues, errorKeys). */
  body() {
    const keyed = Object.entries(this.fieldMessages ?? {}).filter(
      (entry): entry is [string, Said] => typeof entry[1] !== 'string',
    );
    return {
      success: false,
      ...spoken(this.said ?? verbatim(this.message)),
      errors: this.errors,
      ...(keyed.length ? { errorKeys: Object.fromEntries(keyed.map(([field, m]) => [field, keyOnWire(m)])) } : {}),
    };
  }
}

export const badRequest = (message: Message, errors?: Record<string, Message>) => new HttpError(400, message, errors);
export const unauthorized = (message: Message = said('api.common.signIn')) => new HttpError(401, message);
export const forbidden = (message: Message = said('api.common.forbidden')) => new HttpError(403, message);
export const notFound = (message: Message = said('api.common.notFound')) => new HttpError(404, message);
/** 429 with Retry-After, the seconds until the caller may try again. */
export const tooManyRequests = (message: Message, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Ajv's keywords whose own words the catalogue holds (api.schema.*), minimum and the like as one. */
const AJV_KEYS: Record<string, string> = {
  maxLength: 'maxLength',
  minLength: 'minLength',
  maxItems: 'maxItems',
  minItems: 'minItems',
  type: 'type',
  enum: 'enum',
  format: 'format',
  pattern: 'pattern',
  minimum: 'limit',
  maximum: 'limit',
  exclusiveMinimum: 'limit',
  exclusiveMaximum: 'limit',
  required: 'required',
  additionalProperties: 'additionalProperties',
  uniqueItems: 'uniqueItems',
};

/**
 * Ajv's own words where a schema gives no errorMessage, with their key: only when the catalogue's
 * English is exactly what Ajv wrote, so the English answer is unchanged; otherwise they go verbatim.
 */
function ajvSaid(keyword: string, params: Record<string, unknown>, text: string): Said | undefined {
  const name = AJV_KEYS[keyword];
  if (!name) return undefined;
  const values = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string | number] =>
      ['string', 'number'].includes(typeof entry[1]),
    ),
  );
  const keyed = said(`api.schema.${name}`, values);
  return keyed.text === text ? keyed : undefined;
}

/**
 * Turns Ajv's errors into {field: message}, with the schema's own errorMessage where given, and
 * that message's key where a catalogue gave it (saidForText), so the console can translate it;
 * Ajv's own words with theirs (ajvSaid).
 */
function validationErrors(error: FastifyError): Record<string, Message> {
  const errors: Record<string, Message> = {};
  for (const v of error.validation ?? []) {
    const params = v.params as { missingProperty?: string; errors?: { params?: { missingProperty?: string } }[] };
    const missing = params.missingProperty ?? params.errors?.[0]?.params?.missingProperty;
    const field = missing ?? v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const text = v.message;
    errors[field || '_'] ??=
      (text && (saidForText(text) ?? ajvSaid(v.keyword, v.params, text) ?? verbatim(text))) ||
      said('api.request.fieldInvalid');
  }
  return errors;
}

/** The SQLSTATE of a PostgreSQL error, on the error itself or on the cause drizzle wraps it in. */
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * PostgreSQL refusals that only bad input causes: the schemas should have stopped the request
 * with the field named, so reaching one is a gap in a schema, answered 400 all the same.
 */
export const DATABASE_INPUT_ERRORS: Record<string, Said> = {
  '22P02': said('api.input.kind'), // invalid text representation
  '22007': said('api.input.dateInvalid'), // invalid datetime format
  '22008': said('api.input.dateRange'), // datetime field overflow
  '22003': said('api.input.numberRange'), // numeric value out of range
  '22021': said('api.input.character'), // character not in repertoire
  '22P05': said('api.input.character'), // untranslatable character (NUL in jsonb)
  '22001': said('api.input.tooLong'), // string data right truncation
  '23502': said('api.input.missing'), // not-null violation
  '23514': said('api.input.notAllowed'), // check violation
};

/**
 * Fastify's own refusals before a route is found (a path parameter over 100 characters, a path
 * that is not valid percent-encoding), in the API's error shape rather than Fastify's.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  const message = said(
    tooLong ? 'api.request.addressTooLong' : status === 400 ? 'api.request.addressInvalid' : 'api.request.failed',
  );
  return reply.status(status).send({ success: false, ...spoken(message) });
}

/** The one error shape of the API: {success:false, message, errors?}; never a stack or SQL. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(error.body());
    }
    if (error.validation) {
      const errors = validationErrors(error);
      return reply.status(400).send(badRequest(Object.values(errors)[0] ?? said('api.request.invalid'), errors).body());
    }
    const inputError = DATABASE_INPUT_ERRORS[pgCode(error) ?? ''];
    if (inputError) {
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(400).send({ success: false, ...spoken(inputError) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = said(
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'api.request.notJson'
          : status === 413
            ? 'api.request.tooLarge'
            : 'api.request.invalid',
      );
      return reply.status(status).send({ success: false, ...spoken(message) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, ...spoken(said('api.request.failed')) });
  });
}
