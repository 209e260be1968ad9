import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import dns from 'node:dns';
import { Webhook } from 'standardwebhooks';
import { openDatabase, type Database } from '../../../server/db/client.ts';
import { outbox } from '../../../server/db/schema.ts';
import { DeliveryFailure, type Channel, type ChannelName, type Delivery } from '../../../server/notify/channel.ts';
import { AddressGuard, type Lookup } from '../../../server/notify/guarded-http.ts';
import { newWebhookSecret, webhookChannel } from '../../../server/notify/webhook.ts';
import { DeliveryWorker } from '../../../server/notify/worker.ts';
import { queueMessage } from '../../../server/outbox.ts';
import { startReceiver } from './receivers.ts';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** How the receiver answers its nth request (by default 204). */
let answers: number[] = [];
let database: Database;

beforeAll(async () => {
  receiver = await startReceiver((_request, index) => answers[index] ?? 204);
  database = await openDatabase({ dataDir: null });
});
afterAll(async () => {
  await receiver?.close();
  await database?.close();
});

/** A resolver standing in for DNS: these names, and nothing else. */
const names: Record<string, string> = {
  'hooks.customer.test': '127.0.0.1',
  'private.customer.test': '10.20.30.40',
  'metadata.customer.test': '169.254.169.254',
  'mapped.customer.test': '::ffff:127.0.0.1',
};
type LookupCallback = (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void;
const standInDns = ((hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
  const address = names[hostname];
  if (!address) return callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), '');
  const family = address.includes(':') ? 6 : 4;
  callback(null, options.all ? [{ address, family }] : address, family);
}) as unknown as Lookup;

const delivery = (recipient: string, secret = newWebhookSecret()): Delivery => ({
  id: crypto.randomUUID(),
  channel: 'webhook',
  recipient,
  subject: 'Overspeed',
  body: 'KA01AB1234 at 92 km/h',
  options: { secret },
  attempts: 1,
});

describe('webhooks', () => {
  it('are signed the Standard Webhooks way, verified with the published verifier', async () => {
    // the test's receiver is on loopback: this guard lets the operator's range through
    const channel = webhookChannel(new AddressGuard(['127.0.0.1/32'], standInDns));
    const secret = newWebhookSecret();
    const message = delivery(`http://hooks.customer.test:${receiver.port}/waymark`, secret);
    const before = receiver.requests.length;
    const outcome = await channel.send(message);
    expect(outcome.sent).toBe(true);
    const request = receiver.requests[before]!;
    expect(request.url).toBe('/waymark');
    expect(request.headers['webhook-id']).toBe(message.id);
    const verified = new Webhook(secret).verify(String(request.body), {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({ type: 'message', data: { subject: 'Overspeed', body: 'KA01AB1234 at 92 km/h' } });
    // another endpoint's secret does not verify it
    expect(() =>
      new Webhook(newWebhookSecret()).verify(String(request.body), {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      }),
    ).toThrow();
  });

  it("refuse the server's own network: loopback, private, link-local, metadata and IPv6 loopback, by address or by a name resolving to one", async () => {
    const channel = webhookChannel(new AddressGuard([], standInDns));
    const before = receiver.requests.length;
    for (const url of [
      `http://127.0.0.1:${receiver.port}/`,
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${receiver.port}/`,
      `http://hooks.customer.test:${receiver.port}/`,
      'http://private.customer.test/hook',
      'http://metadata.customer.test/latest/meta-data/',
      `http://mapped.customer.test:${receiver.port}/`,
    ]) {
      const failure = await channel.send(delivery(url)).catch((error: unknown) => error);
      expect(failure, url).toBeInstanceOf(DeliveryFailure);
      expect((failure as DeliveryFailure).permanent, url).toBe(true);
      expect((failure as DeliveryFailure).answer, url).toMatch(/is not an address Waymark may reach$/);
    }
    expect(receiver.requests.length).toBe(before);
  });

  it('are retried with a growing wait after a 500, with the same webhook-id, until one is taken', async () => {
    answers = [...receiver.requests.map(() => 204), 500, 500, 200];
    const first = receiver.requests.length;
    const worker = workerOf({ maxAttempts: 5, retryBaseMs: 300 });
    const id = await queueMessage(database.db, {
      channel: 'webhook',
      recipient: `http://hooks.customer.test:${receiver.port}/retry`,
      subject: 'SOS',
      body: 'Panic button',
      options: { secret: newWebhookSecret() },
    });
    worker.start();
    try {
      await expect.poll(async () => (await rowOf(id)).status, { timeout: 15_000 }).toBe('sent');
    } finally {
      await worker.stop();
    }
    const tries = receiver.requests.slice(first);
    expect(tries.map((t) => t.headers['webhook-id'])).toEqual([id, id, id]);
    const [gap1, gap2] = [tries[1]!.at - tries[0]!.at, tries[2]!.at - tries[1]!.at];
    // 300 ms, then 600 ms, each give or take a tenth
    expect(gap1).toBeGreaterThanOrEqual(260);
    expect(gap2).toBeGreaterThanOrEqual(530);
    expect(gap2).toBeGreaterThan(gap1);
    const row = await rowOf(id);
    expect(row.attempts).toBe(3);
    expect(row.answer).toMatch(/^200 /);
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('go to the dead letters after the last try', async () => {
    answers = [...receiver.requests.map(() => 204), 500, 500, 500, 500];
    const first = receiver.requests.length;
    const worker = workerOf({ maxAttempts: 3, retryBaseMs: 20 });
    const id = await queueMessage(database.db, {
      channel: 'webhook',
      recipient: `http://hooks.customer.test:${receiver.port}/down`,
      subject: 'SOS',
      body: 'Panic button',
      options: { secret: newWebhookSecret() },
    });
    worker.start();
    try {
      await expect.poll(async () => (await rowOf(id)).status, { timeout: 15_000 }).toBe('dead');
    } finally {
      await worker.stop();
    }
    expect(receiver.requests.length - first).toBe(3);
    const row = await rowOf(id);
    expect(row.attempts).toBe(3);
    expect(row.sentAt).toBeNull();
    expect(row.answer).toBe('500 {"status":"failed","id":"provider-' + receiver.requests.length + '"}');
  });
});

const rowOf = async (id: string) => (await database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

function workerOf(options: { maxAttempts: number; retryBaseMs: number }) {
  const refuse: Channel = {
    send: () => Promise.reject(new DeliveryFailure('not in this test', true)),
  };
  const channels: Record<ChannelName, Channel> = {
    email: refuse,
    sms: refuse,
    push: refuse,
    webhook: webhookChannel(new AddressGuard(['127.0.0.1/32'], standInDns)),
  };
  return new DeliveryWorker(database.db, channels, { ...options, intervalMs: 20 });
}
