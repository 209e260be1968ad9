import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { loadOrCreate } from '../auth/keys.ts';
import { OUTBOX_CHANNEL } from '../outbox.ts';
import type { Channel, ChannelName } from './channel.ts';
import { emailChannel } from './email.ts';
import { AddressGuard } from './guarded-http.ts';
import { newVapidKeys, pushChannel, type VapidKeys } from './push.ts';
import { forgetSubscription } from './subscriptions.ts';
import { smsChannel } from './sms.ts';
import { webhookChannel } from './webhook.ts';
import { DeliveryWorker } from './worker.ts';
import { NOTICES_CHANNEL, NoticeProcessor } from '../alerts/notices.ts';
import type { PlaceLookup } from '../alerts/places.ts';
import { startAlertSweep } from '../alerts/sweep.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's outbox delivery worker (config.notify.deliver), null when it leaves delivery to others. */
    deliveries: DeliveryWorker | null;
    /** This process's processor of the alert rules' notices (server/alerts/notices.ts), null with delivery left to others. */
    notices: NoticeProcessor | null;
    /** The VAPID public key browsers subscribe to web push with. */
    vapidPublicKey: string;
  }
}

/** The VAPID keys: the configured ones, or a pair made once and kept in the database for every process. */
export async function vapidKeys(database: Database, settings: Config['notify']['push']): Promise<VapidKeys> {
  if (settings.publicKey && settings.privateKey)
    return { publicKey: settings.publicKey, privateKey: settings.privateKey, subject: settings.subject };
  const pair = JSON.parse(await loadOrCreate(database.db, 'vapid', () => JSON.stringify(newVapidKeys()))) as {
    publicKey: string;
    privateKey: string;
  };
  return { ...pair, subject: settings.subject };
}

/** Every channel, as the settings configure them. */
export function channelsOf(
  settings: Config['notify'],
  vapid: VapidKeys,
  log: FastifyInstance['log'],
  guard = new AddressGuard(settings.allowRanges),
  /** Where a gone push subscription (404/410) is forgotten. */
  db?: Db,
): Record<ChannelName, Channel> {
  return {
    email: emailChannel(settings.mail, log),
    sms: smsChannel(settings.sms, settings.mail.from, log),
    webhook: webhookChannel(guard),
    push: pushChannel(vapid, guard, db && ((endpoint) => forgetSubscription(db, endpoint))),
  };
}

/**
 * Delivery of the outbox in this process: the channels, and a worker that starts with the server,
 * wakes when any process queues a message (LISTEN on waymark_outbox) and looks anyway every second.
 */
export async function registerNotify(app: FastifyInstance, database: Database, config: Config, places?: PlaceLookup) {
  const settings = config.notify;
  const vapid = await vapidKeys(database, settings.push);
  app.decorate('vapidPublicKey', vapid.publicKey);
  if (!settings.deliver) {
    app.decorate('deliveries', null);
    app.decorate('notices', null);
    return;
  }
  const worker = new DeliveryWorker(database.db, channelsOf(settings, vapid, app.log, undefined, database.db), {
    maxAttempts: settings.maxAttempts,
    retryBaseMs: settings.retryBaseMs,
    leaseMs: settings.leaseMs,
    concurrency: settings.concurrency,
    onError: (error) => app.log.error({ err: error }, 'Delivering the outbox failed'),
  });
  app.decorate('deliveries', worker);
  const notices = new NoticeProcessor(database.db, {
    publicUrl: config.publicUrl,
    places,
    onError: (error) => app.log.error({ err: error }, 'Deciding the alert notices failed'),
  });
  app.decorate('notices', notices);
  let unlisten: (() => Promise<void>) | null = null;
  let unlistenNotices: (() => Promise<void>) | null = null;
  let stopSweep: (() => void) | null = null;
  app.addHook('onReady', async () => {
    unlisten = await database.listen(OUTBOX_CHANNEL, () => worker.poke());
    unlistenNotices = await database.listen(NOTICES_CHANNEL, () => notices.poke());
    worker.start();
    notices.start();
    // DEVICE_OFFLINE and WALLET_LOW: no frame says them, a look every minute does
    stopSweep = startAlertSweep(database.db, (error) => app.log.error({ err: error }, 'The alert sweep failed'));
    // an operator learns at start-up, not from a user who never got his reset code
    const unsent = [!settings.mail.smtpUrl && 'e-mail (SMTP_URL)', !settings.sms.url && 'SMS (SMS_URL)'].filter(
      Boolean,
    );
    if (unsent.length)
      app.log.info(`${unsent.join(' and ')} not configured: those messages are written to this log, marked not sent`);
  });
  app.addHook('onClose', async () => {
    await unlisten?.();
    stopSweep?.();
    await unlistenNotices?.();
    await notices.stop();
    await worker.stop();
  });
}
