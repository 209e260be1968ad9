import { message } from '../resources/messages.ts';

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

export const resultSchema = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    // the message's key and values, which the console says in the user's language (server/http/errors.ts spoken())
    messageKey: { type: 'string' },
    messageValues: { type: 'object', additionalProperties: true },
  },
};

export const loginBody = body(['username', 'password'], {
  username: credential('username'),
  // base64 of the RSA-OAEP ciphertext; the decrypted password is held to 255 characters
  password: { ...credential('password'), maxLength: 2048 },
});

export const refreshBody = body(['refreshToken'], { refreshToken: { type: 'string', minLength: 1, maxLength: 512 } });

export const forgotBody = body(['username'], { username: credential('username') });

export const resetQuery = {
  type: 'object',
  properties: { otp: { type: 'string', maxLength: 16 }, token: { type: 'string', maxLength: 512 } },
};

export const resetBody = body(['password'], {
  otpToken: { type: 'string', maxLength: 512 },
  password: credential('password'),
});

export const changePasswordBody = body(['username', 'password', 'newpassword'], {
  username: credential('username'),
  password: credential('password'),
  newpassword: credential('newpassword'),
});

export { idParams } from '../http/params.ts';
