import { spawn } from 'node:child_process';
import crypto from 'node:crypto';

/** `waymark serve` in its own process (the benchmark's clients must not share its event loop); resolves once healthy. */
export async function startServer(env: Record<string, string>, port: number, args: string[] = []) {
  const started = performance.now();
  const child = spawn(process.execPath, ['server/bin.mjs', 'serve', ...args], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { ms: performance.now() - started, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); }) };
}

/** Signs in as the console does (password encrypted with the server's key); the access token. */
export async function signIn(base: string, username: string, password: string): Promise<string> {
  const key = (await (await fetch(`${base}/api/auth/public-key`)).json()).data.publicKey as string;
  const encrypted = crypto.publicEncrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
  const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: encrypted }) });
  if (!r.ok) throw new Error(`login failed: ${r.status} ${await r.text()}`);
  return (await r.json()).data.token.access.token as string;
}
