import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { bearer, demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { users } from '../../server/db/schema.ts';
import { uploads } from '../../server/db/ownership-schema.ts';

const MIB = 1024 * 1024;
/** Small quotas, so a test can fill them. */
const QUOTA = { userPerDay: 2 * MIB, organisation: 4 * MIB };

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ config: { uploadQuota: QUOTA } });
  token = (await signIn(server.app, demoEmail('dealer'))).token.access.token;
});
afterAll(async () => {
  await server?.close();
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e80000000049454e44ae426082',
  'hex',
);

function multipart(parts: { name: string; value: Buffer | string; filename?: string; type?: string }[]) {
  const boundary = '----waymark-test';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (parts: Parameters<typeof multipart>[0], auth: boolean | string = true, url = '/api/file') => {
  const { payload, headers } = multipart(parts);
  const authorization = auth === true ? bearer(token) : auth ? bearer(auth) : {};
  return server.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...authorization } });
};
const PDF = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
/** A png of about the given size: its signature, then padding (the server judges the type by the first bytes). */
const pngOf = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(Math.max(0, bytes - PNG.length))]);

describe('POST /api/file', () => {
  it('stores a png under a generated name and serves it back with its type', async () => {
    const response = await upload([
      { name: 'folder', value: 'IMAGE' },
      { name: 'files', value: PNG, filename: 'rc.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'You have uploaded 1 files!' });
    expect(body.data.url).toMatch(/^\/api\/file\/image\/[0-9a-f-]{36}\.png$/);
    const served = await server.app.inject({ method: 'GET', url: body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('judges the type from the bytes, not the name or the claimed type', async () => {
    const response = await upload([
      { name: 'files', value: '<svg onload="alert(1)"/>', filename: 'x.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: 'You cannot upload these file types',
      messageKey: 'api.files.wrongType',
    });
  });

  it('refuses a PDF as an image but keeps it as a document', async () => {
    expect(
      (
        await upload([
          { name: 'folder', value: 'IMAGE' },
          { name: 'files', value: PDF, filename: 'a.pdf' },
        ])
      ).statusCode,
    ).toBe(400);
    const doc = await upload([
      { name: 'folder', value: 'DOC' },
      { name: 'files', value: PDF, filename: 'a.pdf' },
    ]);
    expect(doc.json().data.url).toMatch(/^\/api\/file\/doc\/.+\.pdf$/);
  });

  it('serves a PDF as a download and an image inline, never sniffed', async () => {
    const doc = (
      await upload([
        { name: 'folder', value: 'DOC' },
        { name: 'files', value: PDF, filename: 'a.pdf' },
      ])
    ).json().data.url as string;
    // a DOC upload (KYC) is private: anonymous gets 401, its organisation reads it
    expect((await server.app.inject({ method: 'GET', url: doc })).statusCode).toBe(401);
    const pdf = await server.app.inject({ method: 'GET', url: doc, headers: bearer(token) });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${doc.split('/').pop()}"`);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    const image = (await upload([{ name: 'files', value: PNG, filename: 'a.png' }])).json().data.url as string;
    const png = await server.app.inject({ method: 'GET', url: image });
    expect(png.headers['content-disposition']).toBe('inline');
    expect(png.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses files over the size limit and callers who are not signed in', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload([{ name: 'files', value: big, filename: 'big.png' }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('A file may be at most 5 MiB');
    expect((await upload([{ name: 'files', value: PNG, filename: 'a.png' }], false)).statusCode).toBe(401);
  });

  it('answers 404 for a file that does not exist and 400 for a path that is not a file name', async () => {
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/file/image/00000000-0000-0000-0000-000000000000.png' }))
        .statusCode,
    ).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/file/image/..%2f..%2fetc%2fpasswd' })).statusCode).toBe(
      400,
    );
  });
});

describe('who may upload', () => {
  it('refuses a role with no form that takes uploads (CUSTOMER)', async () => {
    const customer = (await signIn(server.app, demoEmail('customer'))).token.access.token;
    const response = await upload([{ name: 'files', value: PNG, filename: 'a.png' }], customer);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      message: 'Your role cannot upload files',
      messageKey: 'api.files.noUpload',
    });
    const doc = await upload(
      [
        { name: 'folder', value: 'DOC' },
        { name: 'files', value: PDF, filename: 'a.pdf' },
      ],
      customer,
    );
    expect(doc.statusCode).toBe(403);
  });

  it('lets any signed-in user upload their avatar: one image of at most 1 MiB', async () => {
    const customer = (await signIn(server.app, demoEmail('customer'))).token.access.token;
    const avatar = await upload([{ name: 'files', value: PNG, filename: 'me.png' }], customer, '/api/file?for=avatar');
    expect(avatar.statusCode).toBe(200);
    expect(avatar.json().data.url).toMatch(/^\/api\/file\/image\/[0-9a-f-]{36}\.png$/);
    const two = await upload(
      [
        { name: 'files', value: PNG, filename: 'a.png' },
        { name: 'files', value: PNG, filename: 'b.png' },
      ],
      customer,
      '/api/file?for=avatar',
    );
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('An avatar is one image');
    const doc = await upload(
      [
        { name: 'folder', value: 'DOC' },
        { name: 'files', value: PDF, filename: 'a.pdf' },
      ],
      customer,
      '/api/file?for=avatar',
    );
    expect(doc.statusCode).toBe(400);
    const big = await upload(
      [{ name: 'files', value: pngOf(MIB + 1), filename: 'big.png' }],
      customer,
      '/api/file?for=avatar',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      success: false,
      message: 'An avatar may be at most 1 MiB',
      messageKey: 'api.files.avatarTooLarge',
      messageValues: { size: '1 MiB' },
    });
  });

  it('lets the holder of any form with an upload field upload (DISTRIBUTER: the user and organisation forms)', async () => {
    const distributer = (await signIn(server.app, demoEmail('distributer'))).token.access.token;
    expect((await upload([{ name: 'files', value: PNG, filename: 'logo.png' }], distributer)).statusCode).toBe(200);
  });
});

describe('upload quotas', () => {
  async function whoIs(email: string) {
    const session = await signIn(server.app, email);
    const [row] = await server.database.db
      .select({ organisationId: users.organisationId })
      .from(users)
      .where(eq(users.id, session.user.id));
    return { token: session.token.access.token, userId: session.user.id, organisationId: row!.organisationId };
  }
  const storedBy = async (userId: string) =>
    Number(
      (
        await server.database.db
          .select({ n: sql<string>`count(*)` })
          .from(uploads)
          .where(and(eq(uploads.userId, userId)))
      ).at(0)!.n,
    );

  it('refuses with 413 an upload that would take a user past their daily quota, counting only the last day', async () => {
    const fitter = await whoIs(demoEmail('fitter'));
    // yesterday's uploads do not count
    await server.database.db.insert(uploads).values({
      url: '/api/file/image/old.png',
      bytes: QUOTA.userPerDay,
      ...fitter,
      createdAt: new Date(Date.now() - 25 * 3600 * 1000),
    });
    const first = await upload([{ name: 'files', value: pngOf(MIB), filename: 'a.png' }], fitter.token);
    expect(first.statusCode).toBe(200);
    const before = await storedBy(fitter.userId);
    const over = await upload([{ name: 'files', value: pngOf(MIB + 1024), filename: 'b.png' }], fitter.token);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      success: false,
      message: 'You may upload at most 2 MiB a day; try again tomorrow or ask an administrator',
      messageKey: 'api.files.userQuota',
      messageValues: { size: '2 MiB' },
    });
    expect(await storedBy(fitter.userId)).toBe(before);
  });

  it('refuses with 413 an upload that would take an organisation past its quota, whoever uploads', async () => {
    const manufacturer = await whoIs(demoEmail('manufacturer'));
    await server.database.db.insert(uploads).values({
      url: '/api/file/image/other.png',
      bytes: QUOTA.organisation - 100,
      userId: null,
      organisationId: manufacturer.organisationId,
    });
    const response = await upload([{ name: 'files', value: pngOf(200), filename: 'a.png' }], manufacturer.token);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      message: 'Your organisation has used its 4 MiB of uploads; ask an administrator',
      messageKey: 'api.files.organisationQuota',
      messageValues: { size: '4 MiB' },
    });
  });
});
