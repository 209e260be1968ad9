import crypto from 'node:crypto';
import net from 'node:net';

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Signs in over HTTP as the console does (password encrypted with the server's key); the access token. */
export async function signInOverHttp(base: string, username: string, password: string): Promise<string> {
  const key = (await (await fetch(`${base}/api/auth/public-key`)).json()).data.publicKey as string;
  const encrypted = crypto
    .publicEncrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password))
    .toString('base64');
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: encrypted }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username} failed: ${response.status} ${await response.text()}`);
  return (await response.json()).data.token.access.token as string;
}
