import { message } from '../resources/messages.ts';
import { withExample } from '../openapi/shared.ts';
import { authExamples } from '../openapi/auth.ts';

/** The spec's messages of the credential fields, as catalogue keys: a field required, or too long. */
const FIELD_MESSAGES: Record<string, { required: string; tooLong?: string }> = {
  username: { required: 'auth.usernameRequired', tooLong: 'auth.usernameTooLong' },
  password: { required: 'auth.passwordRequired', tooLong: 'auth.passwordTooLong' },
  newpassword: { required: 'api.auth.newpasswordRequired', tooLong: 'api.auth.newpasswordTooLong' },
  refreshToken: { required: 'api.auth.refreshTokenRequired' },
};
const required = (field: string) => message(FIELD_MESSAGES[field]!.required);

/** JSON Schemas of the auth calls: validation, OpenAPI and the spec's messages in one place. */
const credential = (field: string) => ({
  type: 'string',
  minLength: 1,
  maxLength: 255,
  errorMessage: {
    type: required(field),
    minLength: required(field),
    maxLength: message(FIELD_MESSAGES[field]!.tooLong!, { max: 255 }),
  },
});

const body = (fields: string[], properties: Record<string, unknown>) => ({
  type: 'object',
  required: fields,
  properties,
  errorMessage: { required: Object.fromEntries(fields.map((f) => [f, required(f)])) },
});

/** `{success, message}`: the shared Result (server/openapi/shared.ts). */
export const resultSchema = { $ref: 'Result#' } as const;

export const loginBody = withExample(
  body(['username', 'password'], {
    username: credential('username'),
    // base64 of the RSA-OAEP ciphertext; the decrypted password is held to 255 characters
    password: { ...credential('password'), maxLength: 2048 },
  }),
  authExamples.login,
);

export const refreshBody = withExample(
  body(['refreshToken'], { refreshToken: { type: 'string', minLength: 1, maxLength: 512 } }),
  authExamples.refresh,
);

export const forgotBody = withExample(body(['username'], { username: credential('username') }), authExamples.forgot);

export const resetQuery = {
  type: 'object',
  properties: { otp: { type: 'string', maxLength: 16 }, token: { type: 'string', maxLength: 512 } },
};

export const resetBody = withExample(
  body(['password'], {
    otpToken: { type: 'string', maxLength: 512 },
    password: credential('password'),
  }),
  authExamples.reset,
);

export const changePasswordBody = withExample(
  body(['username', 'password', 'newpassword'], {
    username: credential('username'),
    password: credential('password'),
    newpassword: credential('newpassword'),
  }),
  authExamples.changePassword,
);

export { idParams } from '../http/params.ts';
