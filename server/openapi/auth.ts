import { envelope, errors, nullableText } from './shared.ts';

/**
 * The OpenAPI answers and examples of the sign-in, session, password, authenticator and API token
 * routes (server/auth/). Request schemas stay with the routes (server/auth/schemas.ts); these add
 * what the routes answer, and examples.
 */

type Schema = Record<string, unknown>;

const UUID = '3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64';
const ORG = '5b1e7d42-0c9a-4f3e-8d21-7a6b9c0e2f13';

/** A scope tree of the role: modules and their permission ids (core/permissions.ts). */
const authScopes = { type: 'array', items: { type: 'object', additionalProperties: true } };
const scopesExample = [{ id: 'management-vehicle', children: [{ id: 'add-vehicle' }, { id: 'edit-vehicle' }] }];

export const userSchema: Schema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    firstName: { type: 'string' },
    lastName: nullableText,
    email: nullableText,
    phone: nullableText,
    isEnabled: { type: 'boolean' },
    avatar: nullableText,
    role: {
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' }, isSuperAdmin: { type: 'boolean' }, authScopes },
    },
    organisation: {
      type: 'object',
      properties: { id: { type: 'string' }, tradeName: { type: 'string' }, brandName: { type: 'string' } },
    },
    createdAt: { type: 'string', format: 'date-time' },
  },
  additionalProperties: true,
};
export const userExample = {
  id: UUID,
  firstName: 'Ravi',
  lastName: 'Kumar',
  email: 'ravi.kumar@example.in',
  phone: '+919812345678',
  isEnabled: true,
  avatar: null,
  role: { id: ORG, name: 'DEALER', isSuperAdmin: false, authScopes: scopesExample },
  organisation: { id: ORG, tradeName: 'Metro Auto Dealers', brandName: 'Metro Auto' },
  createdAt: '2026-11-01T09:30:00.000Z',
};

const token = {
  type: 'object',
  properties: { token: { type: 'string' }, expires: { type: 'string', format: 'date-time' } },
};
const tokens = { type: 'object', properties: { access: token, refresh: token } };
const tokensExample = {
  access: { token: 'eyJhbGciOiJSUzI1NiJ9.eyJzaWQiOiIzZjZjIn0.c2lnbmF0dXJl', expires: '2026-11-28T10:30:00.000Z' },
  refresh: { token: 'Q2x9yTq4mW8rZ1pK7vB3nH6cJ0dF5gL2', expires: '2026-12-28T10:15:00.000Z' },
};

const session = {
  type: 'object',
  description: 'Signed in: the user, his role and the session; or, with secondStep, a code still to give',
  properties: {
    user: userSchema,
    role: {
      type: 'object',
      properties: { name: { type: 'string' }, isSuperAdmin: { type: 'boolean' }, authScopes },
    },
    token: tokens,
    secondStep: { type: 'string', enum: ['totp', 'enrol'] },
    challenge: { type: 'string' },
    recoveryCodes: { type: 'array', items: { type: 'string' } },
  },
  additionalProperties: true,
};
const sessionExample = {
  user: { ...userExample, role: { id: ORG, name: 'DEALER' } },
  role: { name: 'DEALER', isSuperAdmin: false, authScopes: scopesExample },
  token: tokensExample,
};

const credentials = errors(400, 401, 403, 429);
const recoveryCodes = { type: 'object', properties: { recoveryCodes: { type: 'array', items: { type: 'string' } } } };
const codesExample = { recoveryCodes: ['3fa9c-1b2d4', '8e7f6-5a4b3'] };

/** Examples of the request bodies of server/auth/ (the schemas are in server/auth/schemas.ts and the routes). */
export const authExamples = {
  login: { username: 'ravi.kumar@example.in', password: 'k2V0aGlzIGlzIFJTQS1PQUVQIGNpcGhlcnRleHQ=' },
  refresh: { refreshToken: tokensExample.refresh.token },
  changePassword: { username: 'ravi.kumar@example.in', password: 'Lucknow@2026', newpassword: 'Kanpur@2027' },
  forgot: { username: 'ravi.kumar@example.in' },
  reset: { otpToken: 'eyJhbGciOiJIUzI1NiJ9.eyJ1IjoiM2Y2YyJ9.c2lnbmF0dXJl', password: 'Kanpur@2027' },
  code: { challenge: 'eyJhbGciOiJIUzI1NiJ9.eyJzdGVwIjoidG90cCJ9.c2lnbmF0dXJl', code: '492039' },
  ownCode: { code: '492039' },
};

/** The answers of server/auth/. */
export const authResponses = {
  publicKey: {
    200: envelope(
      {
        type: 'object',
        properties: { algorithm: { type: 'string', enum: ['RSA-OAEP-256'] }, publicKey: { type: 'string' } },
      },
      {
        algorithm: 'RSA-OAEP-256',
        publicKey:
          '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA…\n-----END PUBLIC KEY-----\n',
      },
    ),
    ...errors(429),
  },
  session: { 200: envelope(session, sessionExample), ...credentials },
  refreshed: { 200: envelope(tokens, tokensExample), ...errors(400, 401, 429) },
  loggedInUser: { 200: envelope(userSchema, userExample), ...errors(400, 401, 404, 429) },
  forgot: {
    200: envelope(
      { type: 'object', properties: { otpToken: { type: 'string' } } },
      { otpToken: authExamples.reset.otpToken },
    ),
    ...errors(400, 429),
  },
  totpState: {
    200: envelope(
      {
        type: 'object',
        properties: {
          enabled: { type: 'boolean' },
          recoveryCodesLeft: { type: 'integer' },
          required: { type: 'boolean', description: 'his organisation requires it of him' },
        },
      },
      { enabled: true, recoveryCodesLeft: 9, required: false },
    ),
    ...errors(401, 403, 429),
  },
  enrolment: {
    200: envelope(
      { type: 'object', properties: { secret: { type: 'string' }, uri: { type: 'string' } } },
      {
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/Waymark:ravi.kumar%40example.in?secret=JBSWY3DPEHPK3PXP&issuer=Waymark',
      },
    ),
    ...errors(400, 401, 403, 409, 429),
  },
  recoveryCodes: { 200: envelope(recoveryCodes, codesExample), ...errors(400, 401, 403, 429) },
};
