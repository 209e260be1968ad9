import type { FastifyError, FastifyInstance } from 'fastify';

/** An error whose message is meant for the user; anything else becomes "Something went wrong". */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Please sign in') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
/** 429 with Retry-After, the seconds until the caller may try again. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Turns Ajv's errors into {field: message}, with the schema's own errorMessage where given. */
function validationErrors(error: FastifyError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const v of error.validation ?? []) {
    const params = v.params as { missingProperty?: string; errors?: { params?: { missingProperty?: string } }[] };
    const missing = params.missingProperty ?? params.errors?.[0]?.params?.missingProperty;
    const field = missing ?? v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    errors[field || '_'] ??= v.message ?? 'is invalid';
  }
  return errors;
}

/** The one error shape of the API: {success:false, message, errors?}; never a stack or SQL. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ success: false, message: error.message, errors: error.errors });
    }
    if (error.validation) {
      const errors = validationErrors(error);
      const first = Object.values(errors)[0];
      return reply.status(400).send({ success: false, message: first ?? 'The request is not valid', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'The request body is not valid JSON' : status === 413 ? 'The request is too large' : 'The request is not valid';
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, message: 'Something went wrong' });
  });
}
