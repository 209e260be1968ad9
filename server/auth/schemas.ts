/** JSON Schemas of the auth calls: validation, OpenAPI and the spec's messages in one place. */
const credential = (field: string) => ({
  type: 'string',
  minLength: 1,
  maxLength: 255,
  errorMessage: {
    type: `The ${field} field is required`,
    minLength: `The ${field} field is required`,
    maxLength: `The ${field} may not be greater than 255 characters`,
  },
});

const body = (required: string[], properties: Record<string, unknown>) => ({
  type: 'object',
  required,
  properties,
  errorMessage: { required: Object.fromEntries(required.map((f) => [f, `The ${f} field is required`])) },
});

export const resultSchema = {
  type: 'object',
  properties: { success: { type: 'boolean' }, message: { type: 'string' } },
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
