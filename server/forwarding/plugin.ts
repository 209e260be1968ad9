import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AddressGuard } from '../notify/guarded-http.ts';
import { newWebhookSecret } from '../notify/webhook.ts';
import { badRequest } from '../http/errors.ts';
import { said } from '../resources/messages.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { checkedAddress, TargetFailure } from './targets.ts';
import { Forwarder } from './sender.ts';
import { forwardingSecretRoute } from './secret.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's position forwarder (null when config.forwarding.send is off), and the address guard destinations obey. */
    forwarder: Forwarder | null;
    forwardingGuard: AddressGuard;
  }
}

/** Starts forwarding positions from this process once the server is ready; stops it on close. */
export function registerForwarding(app: FastifyInstance, db: Db, config: Config) {
  const settings = config.forwarding;
  const guard = new AddressGuard(settings.allowRanges);
  app.decorate('forwardingGuard', guard);
  if (!settings.send) {
    app.decorate('forwarder', null);
    return;
  }
  const forwarder = new Forwarder(db, guard, { ...settings, log: app.log });
  app.decorate('forwarder', forwarder);
  app.addHook('onReady', async () => forwarder.start());
  app.addHook('onClose', async () => forwarder.stop());
}

const SCHEMES: Record<string, { schemes: string[]; message: string }> = {
  MQTT: { schemes: ['mqtt:', 'mqtts:'], message: 'forwarding.addressKind' },
  HTTP: { schemes: ['http:', 'https:'], message: 'forwarding.addressKindHttp' },
  AIS140: { schemes: ['tcp:'], message: 'forwarding.addressKindTcp' },
};

/**
 * A destination's address fits its kind, and is not one the guard refuses: a literal address at
 * once, a name after resolving it (a name that does not resolve now is kept; it is checked again at
 * every connection).
 */
async function checkAddress(guard: AddressGuard, kind: string, address: string) {
  const rule = SCHEMES[kind];
  let url: URL | null = null;
  try {
    url = new URL(address);
  } catch {
    url = null;
  }
  const refuse = (key: string) => {
    const message = said(key);
    return badRequest(message, { address: message });
  };
  if (!rule || !url || !rule.schemes.includes(url.protocol)) throw refuse(rule?.message ?? 'forwarding.addressPattern');
  if (kind === 'AIS140' && !url.port) throw refuse('forwarding.addressPort');
  try {
    await checkedAddress(url.hostname, guard);
  } catch (error) {
    if (error instanceof TargetFailure && error.permanent) throw refuse('forwarding.addressRefused');
  }
}

export const forwardingHooks: ResourceHooks = {
  async beforeCreate(ctx, columns, body) {
    await checkAddress(ctx.request.server.forwardingGuard, String(body.kind), String(body.address));
    columns.set('secret', sql`${newWebhookSecret()}`);
    // a new destination receives what arrives from now on, not the stored history
    columns.set('cursor_tx', sql`pg_snapshot_xmin(pg_current_snapshot())`);
  },
  async beforeUpdate(ctx, existing, _columns, body) {
    const kind = String(body.kind ?? existing.kind);
    const address = String(body.address ?? existing.address);
    if (body.kind !== undefined || body.address !== undefined)
      await checkAddress(ctx.request.server.forwardingGuard, kind, address);
  },
  routes: forwardingSecretRoute,
};
