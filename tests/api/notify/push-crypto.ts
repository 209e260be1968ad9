import crypto from 'node:crypto';
import { expect } from 'vitest';

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/**
 * RFC 8291's decryption, written from the RFC as a browser does it (not with the library that
 * encrypted): the aes128gcm header (salt, record size, the sender's public key), the ECDH secret
 * with the subscription's private key, the auth secret, and one record ending in the 0x02 delimiter.
 */
export function decrypt(body: Buffer, subscriber: crypto.ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdhSecret = subscriber.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    subscriber.getPublicKey(),
    senderPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(authSecret, ecdhSecret), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, and the keys it hands the server. */
export function subscriber() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}
