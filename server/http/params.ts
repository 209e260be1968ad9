import { message } from '../resources/messages.ts';

/** A serial id (positions, alerts): up to 18 digits, always within bigint. */
export const SERIAL_PATTERN = /^[0-9]{1,18}$/;

/** The route parameter every /{id} route takes: a row's uuid. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid', errorMessage: { format: message('api.request.idInvalid') } } },
};

/** The route parameter of a /{id} route of a table with serial ids (positions, alerts). */
export const serialIdParams = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'string', pattern: SERIAL_PATTERN.source, errorMessage: { pattern: message('api.request.idInvalid') } },
  },
};
