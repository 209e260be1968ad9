import { MAX_CREDENTIAL_LENGTH } from '../../../core/username.ts';
import { ruleError, rules } from '../../../core/rules.ts';

/** react-admin validators returning message keys; the inputs translate them. */
export const requiredField = (key: string) => (value: unknown) =>
  value === undefined || value === null || String(value).trim() === '' ? key : undefined;
export const maxLength = (key: string) => (value: unknown) =>
  typeof value === 'string' && value.length > MAX_CREDENTIAL_LENGTH ? key : undefined;
/** The password rule of core/rules.ts, which the server applies too. */
export const passwordRule = (value: unknown) =>
  typeof value === 'string' && ruleError(rules.password, value, '') ? rules.password.message : undefined;
export const sameAs = (field: string) => (value: unknown, values: Record<string, unknown>) =>
  value !== values[field] ? 'auth.passwordsDiffer' : undefined;
