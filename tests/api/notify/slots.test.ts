import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../server/db/client.ts';
import { outbox } from '../../../server/db/schema.ts';
import { DeliveryFailure, type Channel, type ChannelName, type Delivery } from '../../../server/notify/channel.ts';
import { DeliveryWorker } from '../../../server/notify/worker.ts';
import { queueMessage } from '../../../server/outbox.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
});
afterAll(async () => {
  await database?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const refuse: Channel = { send: () => Promise.reject(new DeliveryFailure('not in this test', true)) };

/** A webhook channel whose receiver at `slow…` answers after `slowMs`, the others after `fastMs`; it notes when each answered and how many were open at once. */
function timedChannel({ slowMs, fastMs }: { slowMs: number; fastMs: number }) {
  const answered = new Map<string, number>();
  let open = 0;
  let mostOpen = 0;
  const webhook: Channel = {
    async send(delivery: Delivery) {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      await sleep(delivery.recipient.startsWith('slow') ? slowMs : fastMs);
      open -= 1;
      answered.set(delivery.recipient, Date.now());
      return { sent: true, answer: '204' };
    },
  };
  const channels: Record<ChannelName, Channel> = { email: refuse, sms: refuse, push: refuse, webhook };
  return { channels, answered, mostOpen: () => mostOpen };
}

const queue = (recipient: string) =>
  queueMessage(database.db, { channel: 'webhook', recipient, subject: 'Overspeed', body: recipient, options: {} });

const statusOf = async (ids: string[]) =>
  new Map(
    (await database.db.select().from(outbox).where(inArray(outbox.id, ids))).map((row) => [row.recipient, row.status]),
  );

describe('the delivery worker’s slots', () => {
  it('delivers to a fast receiver while a slow one claimed in the same round is still answering, and to a message queued meanwhile', async () => {
    const { channels, answered } = timedChannel({ slowMs: 3000, fastMs: 10 });
    const ids = [await queue('slow-1'), ...(await Promise.all([1, 2, 3, 4].map((i) => queue(`fast-${i}`))))];
    const worker = new DeliveryWorker(database.db, channels, { maxAttempts: 3, retryBaseMs: 1000, concurrency: 10 });
    const started = Date.now();
    worker.start();
    await expect.poll(async () => [...(await statusOf(ids)).values()].filter((s) => s === 'sent').length).toBe(4);
    const late = await queue('fast-late');
    worker.poke();
    await expect.poll(async () => (await statusOf([late])).get('fast-late')).toBe('sent');
    // all this while the slow receiver has not answered: its row is still under its first try
    expect(answered.has('slow-1')).toBe(false);
    expect((await statusOf(ids)).get('slow-1')).toBe('queued');
    expect(Date.now() - started).toBeLessThan(3000);
    // stopping waits for the slow delivery and writes its outcome
    await worker.stop();
    expect((await statusOf(ids)).get('slow-1')).toBe('sent');
    const rows = await database.db
      .select()
      .from(outbox)
      .where(inArray(outbox.id, [...ids, late]));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  });

  it('never has more deliveries open than its concurrency', async () => {
    const { channels, mostOpen } = timedChannel({ slowMs: 0, fastMs: 100 });
    const ids = await Promise.all(Array.from({ length: 15 }, (_, i) => queue(`fast-bound-${i}`)));
    const worker = new DeliveryWorker(database.db, channels, { maxAttempts: 3, retryBaseMs: 1000, concurrency: 3 });
    await worker.drain();
    expect([...(await statusOf(ids)).values()]).toEqual(Array(15).fill('sent'));
    expect(mostOpen()).toBe(3);
    expect(worker.stats.sent).toBe(15);
  });
});
