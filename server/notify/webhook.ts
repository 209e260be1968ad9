import crypto from 'node:crypto';
import { DeliveryFailure, httpAnswer, type Channel, type Delivery, type Outcome } from './channel.ts';
import { post, type AddressGuard } from './guarded-http.ts';

/**
 * Webhooks signed the Standard Webhooks way (standardwebhooks.com): `webhook-id` (the delivery id,
 * the same on every try), `webhook-timestamp` (seconds, this try's) and `webhook-signature`
 * (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint's secret). The secret
 * is the endpoint's own, `whsec_` and base64, kept with the message (its `secret` option). The URL
 * is one a tenant typed: the guard keeps it off the server's own network.
 */
export function webhookChannel(guard: AddressGuard, now: () => number = Date.now): Channel {
  return {
    async send(delivery: Delivery): Promise<Outcome> {
      const secret = typeof delivery.options.secret === 'string' ? delivery.options.secret : '';
      if (!secret.startsWith('whsec_')) throw new DeliveryFailure('the endpoint has no whsec_ secret', true);
      const timestamp = Math.floor(now() / 1000);
      const body = JSON.stringify({
        type: typeof delivery.options.type === 'string' ? delivery.options.type : 'message',
        // when the change happened (a change webhook's), else this try's time
        timestamp:
          typeof delivery.options.timestamp === 'string'
            ? delivery.options.timestamp
            : new Date(timestamp * 1000).toISOString(),
        data: delivery.options.data ?? { subject: delivery.subject, body: delivery.body },
      });
      const answer = await post(delivery.recipient, {
        headers: {
          'content-type': 'application/json',
          'webhook-id': delivery.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': sign(secret, delivery.id, timestamp, body),
        },
        body,
        guard,
      });
      const line = httpAnswer(answer.status, answer.body);
      if (answer.status >= 200 && answer.status < 300) return { sent: true, answer: line };
      // 410 Gone: the receiver asks for no more; Standard Webhooks retries every other failure
      throw new DeliveryFailure(line, answer.status === 410);
    },
  };
}

/** The `webhook-signature` of a message: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** A new endpoint secret, as Standard Webhooks writes one: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`;
