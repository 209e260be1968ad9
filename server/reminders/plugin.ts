import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { brands } from '../../brands/index.ts';
import { sendDealerLists, sendExpiryReminders } from './expiry.ts';
import { sweepMaintenance } from './maintenance.ts';

export interface SweepResult {
  reminders: number;
  dealerLists: number;
  maintenanceDue: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One pass of the periodic sweep at `now` (the tests give their own clock). */
    sweep(now?: Date): Promise<SweepResult>;
  }
}

/**
 * The periodic sweep: subscription expiry reminders, dealers' daily lists and maintenance
 * schedules (docs/notifications.md). Every process may run it (WAYMARK_SWEEP, every
 * WAYMARK_SWEEP_SECONDS): what it sends is claimed in the database first, so nothing goes twice.
 */
export function registerSweep(app: FastifyInstance, db: Db, settings: { sweep: boolean; sweepMs: number }) {
  const run = async (now = new Date()): Promise<SweepResult> => {
    const ctx = {
      db,
      publicUrl: app.publicUrl,
      brandName: brands[app.brand as keyof typeof brands]?.brandName ?? 'Waymark',
    };
    return {
      reminders: await sendExpiryReminders(ctx, now),
      dealerLists: await sendDealerLists(ctx, now),
      maintenanceDue: await sweepMaintenance(db, now),
    };
  };
  app.decorate('sweep', run);
  if (!settings.sweep) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
      .catch((error: unknown) => app.log.error({ err: error }, 'The reminder and maintenance sweep failed'))
      .finally(() => (running = null));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, settings.sweepMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
