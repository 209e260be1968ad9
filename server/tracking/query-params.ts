import { badRequest } from '../http/errors.ts';
import { isDateText } from '../resources/validation.ts';
import { UUID_PATTERN } from '../resources/sql.ts';
import { said } from '../resources/messages.ts';

/** A query parameter holding an ISO date and time, normalised; a 400 naming it otherwise. */
export function isoParameter(name: string, value: unknown): string {
  // years 1900 to 2100 only: year 0 or 99999 parse in JavaScript but not in PostgreSQL
  if (!isDateText(value) || Number.isNaN(Date.parse(value))) {
    throw badRequest(said('api.list.isoTime', { name }), { [name]: said('api.list.isoTime', { name }) });
  }
  return new Date(value).toISOString();
}

/** A query parameter holding a row's uuid; a 400 naming it otherwise. */
export function uuidParameter(name: string, value: unknown): string {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value))
    throw badRequest(said('api.list.parameterInvalid', { name }));
  return value;
}
