import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../server/db/client.ts';
import { createScratchDatabase } from '../../../server/db/scratch.ts';
import { outbox } from '../../../server/db/schema.ts';
import { DeliveryFailure, type Channel, type ChannelName } from '../../../server/notify/channel.ts';
import { AddressGuard } from '../../../server/notify/guarded-http.ts';
import { newWebhookSecret, webhookChannel } from '../../../server/notify/webhook.ts';
import { DeliveryWorker } from '../../../server/notify/worker.ts';
import { queueMessage } from '../../../server/outbox.ts';
import { startReceiver } from './receivers.ts';

// PostgreSQL with TEST_DATABASE_URL: two pools, as two server processes have, racing for the rows;
// PGlite otherwise, where both workers share the one connection the embedded database has
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let first: Database;
let second: Database;
let drop = async () => {};
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver(() => 204);
  if (onPostgres) {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'waymark_notify');
    drop = scratch.drop;
    first = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
    second = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
  } else {
    first = second = await openDatabase({ dataDir: null });
  }
});
afterAll(async () => {
  await receiver?.close();
  await first?.close();
  if (second !== first) await second?.close();
  await drop();
});

const refuse: Channel = { send: () => Promise.reject(new DeliveryFailure('not in this test', true)) };
const channels = (
  webhook: Channel = webhookChannel(new AddressGuard(['127.0.0.1/32'])),
): Record<ChannelName, Channel> => ({
  email: refuse,
  sms: refuse,
  push: refuse,
  webhook,
});

describe(`two delivery workers on one ${onPostgres ? 'PostgreSQL' : 'PGlite'} database`, () => {
  it('deliver N messages exactly once between them', async () => {
    const N = 80;
    const ids: string[] = [];
    for (let i = 0; i < N; i++)
      ids.push(
        await queueMessage(first.db, {
          channel: 'webhook',
          recipient: `${receiver.url}/hook/${i}`,
          subject: 'Overspeed',
          body: `message ${i}`,
          options: { secret: newWebhookSecret() },
        }),
      );
    const options = { maxAttempts: 3, retryBaseMs: 1000, concurrency: 4 };
    const a = new DeliveryWorker(first.db, channels(), options);
    const b = new DeliveryWorker(second.db, channels(), options);
    await Promise.all([a.drain(), b.drain()]);

    const received = receiver.requests.map((r) => String(r.headers['webhook-id']));
    expect(received).toHaveLength(N);
    expect(new Set(received)).toEqual(new Set(ids));
    expect(a.stats.sent + b.stats.sent).toBe(N);
    // both took their share
    expect(a.stats.sent).toBeGreaterThan(0);
    expect(b.stats.sent).toBeGreaterThan(0);
    const rows = await first.db.select().from(outbox).where(inArray(outbox.id, ids));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1 && row.sentAt)).toBe(true);
  });

  it('deliver the message of a worker that died mid-try once its claim lapses, under the same delivery id', async () => {
    const before = receiver.requests.length;
    const id = await queueMessage(first.db, {
      channel: 'webhook',
      recipient: `${receiver.url}/hook/orphan`,
      subject: 'SOS',
      body: 'Panic button',
      options: { secret: newWebhookSecret() },
    });
    // the first worker claims the row and never comes back (a kill -9 while the provider answers)
    const hung: Channel = { send: () => new Promise(() => {}) };
    const dying = new DeliveryWorker(first.db, channels(hung), { maxAttempts: 3, retryBaseMs: 1000, leaseMs: 300 });
    void dying.round();
    await expect.poll(async () => (await first.db.select().from(outbox).where(eq(outbox.id, id)))[0]!.attempts).toBe(1);
    const other = new DeliveryWorker(second.db, channels(), { maxAttempts: 3, retryBaseMs: 1000 });
    // within the claim the row is not the other's to take
    expect(await other.drain()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await other.drain()).toBe(1);
    expect(receiver.requests.slice(before).map((r) => r.headers['webhook-id'])).toEqual([id]);
    const [row] = await first.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
