#!/usr/bin/env node
// Yesterday's trips (Asia/Kolkata) of every vehicle you may see, as JSON lines on stdout.
// Plain Node 20+, no packages: signs in once, makes a read-only API token for the trips report,
// then pulls the report with that token, page by page. docs/api.md explains each step.
//
//   WAYMARK_URL=https://track.example.in WAYMARK_USERNAME=me@example.in WAYMARK_PASSWORD=... \
//     node docs/examples/yesterdays-trips.mjs
//
// A script that runs every night would keep the token (WAYMARK_TOKEN=wmk_...) and skip the sign-in.
import crypto from 'node:crypto';

const base = `${(process.env.WAYMARK_URL ?? 'http://localhost:3000').replace(/\/$/, '')}/api`;

async function call(path, { method = 'GET', token, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.message}`);
  return { answer, headers: response.headers };
}

/** Signs in as a person (the password goes RSA-OAEP encrypted) and makes a one-day read-only token. */
async function makeToken() {
  const { answer: key } = await call('/auth/public-key');
  const password = crypto
    .publicEncrypt(
      { key: key.data.publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(process.env.WAYMARK_PASSWORD ?? ''),
    )
    .toString('base64');
  const { answer: session } = await call('/auth/login', {
    method: 'POST',
    body: { username: process.env.WAYMARK_USERNAME, password },
  });
  const { answer: made } = await call('/api-tokens', {
    method: 'POST',
    token: session.data.token.access.token,
    body: { name: "Yesterday's trips", expiresInDays: 1, permissions: ['report-ignition-trip'], readOnly: true },
  });
  return made.data.token; // shown this once: keep it like a password
}

const token = process.env.WAYMARK_TOKEN || (await makeToken());
const filter = encodeURIComponent(JSON.stringify({ preset: 'yesterday' }));
const sort = encodeURIComponent(JSON.stringify(['startTime', 'ASC']));
const PAGE = 500;
for (let start = 0; ; start += PAGE) {
  const range = encodeURIComponent(JSON.stringify([start, start + PAGE - 1]));
  const { answer: trips, headers } = await call(`/report/ignition-trip?filter=${filter}&sort=${sort}&range=${range}`, {
    token,
  });
  for (const trip of trips) process.stdout.write(`${JSON.stringify(trip)}\n`);
  // Content-Range: ignition-trip 0-499/1234
  const total = Number(headers.get('content-range')?.split('/')[1] ?? 0);
  if (trips.length < PAGE || start + PAGE >= total) break;
}
