import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJWK, jwtVerify } from 'jose';
import webpush from 'web-push';
import { DeliveryFailure } from '../../../server/notify/channel.ts';
import { AddressGuard } from '../../../server/notify/guarded-http.ts';
import { pushChannel } from '../../../server/notify/push.ts';
import { startReceiver } from './receivers.ts';
import { decrypt, subscriber } from './push-crypto.ts';

// the push service stands in on loopback, and answers 201 as one does, or 410 for a gone subscription
let pushService: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  pushService = await startReceiver((request) => (request.url.startsWith('/gone') ? 410 : 201));
});
afterAll(async () => {
  await pushService?.close();
});

describe('web push', () => {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@waymark.test' };
  const channel = pushChannel(vapid, new AddressGuard(['127.0.0.1/32']));

  it('reaches the push service encrypted for the subscription, with a VAPID token it can check', async () => {
    const browser = subscriber();
    const id = crypto.randomUUID();
    const outcome = await channel.send({
      id,
      channel: 'push',
      recipient: `${pushService.url}/push/abc123`,
      subject: 'SOS: KA01AB1234',
      body: 'Panic button pressed near Hebbal',
      options: { keys: browser.keys },
      attempts: 1,
    });
    expect(outcome).toEqual({ sent: true, answer: '201 {"status":"accepted","id":"provider-1"}' });
    const request = pushService.requests[0]!;
    expect(request.url).toBe('/push/abc123');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(JSON.parse(decrypt(request.body, browser.ecdh, browser.auth))).toEqual({
      id,
      title: 'SOS: KA01AB1234',
      body: 'Panic button pressed near Hebbal',
    });

    // Authorization: vapid t=<JWT signed with our private key>, k=<our public key>
    const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(String(request.headers.authorization))!;
    expect(key).toBe(vapid.publicKey);
    const point = Buffer.from(key!, 'base64url');
    const publicKey = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(token!, publicKey, { audience: pushService.url });
    expect(payload.sub).toBe('mailto:ops@waymark.test');
  });

  it('gives up on a subscription the push service says is gone (410)', async () => {
    const failure = await channel
      .send({
        id: crypto.randomUUID(),
        channel: 'push',
        recipient: `${pushService.url}/gone/xyz`,
        subject: 'SOS',
        body: 'Panic',
        options: { keys: subscriber().keys },
        attempts: 1,
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeliveryFailure);
    expect((failure as DeliveryFailure).permanent).toBe(true);
    expect((failure as DeliveryFailure).answer).toMatch(/^410 /);
  });

  it("refuses an endpoint on the server's own network", async () => {
    const guarded = pushChannel(vapid, new AddressGuard());
    const before = pushService.requests.length;
    const failure = await guarded
      .send({
        id: crypto.randomUUID(),
        channel: 'push',
        recipient: `${pushService.url}/push/abc`,
        subject: 'SOS',
        body: 'Panic',
        options: { keys: subscriber().keys },
        attempts: 1,
      })
      .catch((error: unknown) => error);
    expect((failure as DeliveryFailure).permanent).toBe(true);
    expect(pushService.requests.length).toBe(before);
  });
});
