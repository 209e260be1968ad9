import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await signIn(server.app, demoEmail('dealer'))).token.access.token;
});
afterAll(async () => { await server?.close(); });

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e80000000049454e44ae426082', 'hex');

function multipart(parts: { name: string; value: Buffer | string; filename?: string; type?: string }[]) {
  const boundary = '----waymark-test';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (parts: Parameters<typeof multipart>[0], auth = true) => {
  const { payload, headers } = multipart(parts);
  return server.app.inject({ method: 'POST', url: '/api/file', payload, headers: { ...headers, ...(auth ? bearer(token) : {}) } });
};

describe('POST /api/file', () => {
  it('stores a png under a generated name and serves it back with its type', async () => {
    const response = await upload([{ name: 'folder', value: 'IMAGE' }, { name: 'files', value: PNG, filename: 'rc.png', type: 'image/png' }]);
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
    const response = await upload([{ name: 'files', value: '<svg onload="alert(1)"/>', filename: 'x.png', type: 'image/png' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'You cannot upload these file types' });
  });

  it('refuses a PDF as an image but keeps it as a document', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    expect((await upload([{ name: 'folder', value: 'IMAGE' }, { name: 'files', value: pdf, filename: 'a.pdf' }])).statusCode).toBe(400);
    const doc = await upload([{ name: 'folder', value: 'DOC' }, { name: 'files', value: pdf, filename: 'a.pdf' }]);
    expect(doc.json().data.url).toMatch(/^\/api\/file\/doc\/.+\.pdf$/);
  });

  it('refuses files over the size limit and callers who are not signed in', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload([{ name: 'files', value: big, filename: 'big.png' }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('A file may be at most 5 MiB');
    expect((await upload([{ name: 'files', value: PNG, filename: 'a.png' }], false)).statusCode).toBe(401);
  });

  it('answers 404 for a file that does not exist and 400 for a path that is not a file name', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/file/image/00000000-0000-0000-0000-000000000000.png' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/file/image/..%2f..%2fetc%2fpasswd' })).statusCode).toBe(400);
  });
});
