import { MAX_CREDENTIAL_LENGTH } from '../../../core/username.ts';

/** react-admin validators returning message keys; the inputs translate them. */
export const requiredField = (key: string) => (value: unknown) => (value === undefined || value === null || String(value).trim() === '' ? key : undefined);
export const maxLength = (key: string) => (value: unknown) => (typeof value === 'string' && value.length > MAX_CREDENTIAL_LENGTH ? key : undefined);
export const passwordRule = (value: unknown) =>
  typeof value === 'string' && (value.length < 8 || !/[A-Za-z]/.test(value) || !/\d/.test(value)) ? 'auth.passwordRuleFailed' : undefined;
export const sameAs = (field: string) => (value: unknown, values: Record<string, unknown>) => (value !== values[field] ? 'auth.passwordsDiffer' : undefined);
