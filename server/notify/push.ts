import webpush from 'web-push';
import { DeliveryFailure, httpAnswer, retryableStatus, type Channel, type Delivery, type Outcome } from './channel.ts';
import { post, type AddressGuard } from './guarded-http.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Web push (RFC 8030) with VAPID (RFC 8292): the web-push package encrypts the payload for the
 * subscription (aes128gcm, RFC 8291) and signs the VAPID token; the request goes out through the
 * guard like a webhook's, the endpoint being one a browser gave us. The recipient is the
 * subscription's endpoint, its keys (p256dh, auth) the `keys` option; the payload is JSON: the
 * delivery id (a service worker drops a message it has shown), the title and the text.
 */
export function pushChannel(
  vapid: VapidKeys,
  guard: AddressGuard,
  /** The push service answered 404 or 410 for this endpoint: the subscription is gone (forget it). */
  gone?: (endpoint: string) => Promise<unknown>,
): Channel {
  return {
    async send(delivery: Delivery): Promise<Outcome> {
      const keys = delivery.options.keys as { p256dh?: string; auth?: string } | undefined;
      if (!keys?.p256dh || !keys.auth) throw new DeliveryFailure('the subscription has no p256dh and auth keys', true);
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: delivery.recipient, keys: { p256dh: keys.p256dh, auth: keys.auth } },
          JSON.stringify({
            id: delivery.id,
            title: delivery.subject,
            body: delivery.body,
            ...(delivery.options.data ? { data: delivery.options.data } : {}),
          }),
          { vapidDetails: vapid, TTL: 24 * 60 * 60, urgency: delivery.options.urgent ? 'high' : 'normal' },
        );
      } catch (error) {
        throw new DeliveryFailure((error as Error).message, true);
      }
      const answer = await post(details.endpoint, {
        headers: details.headers as Record<string, string | number>,
        body: details.body ?? '',
        guard,
      });
      const line = httpAnswer(answer.status, answer.body);
      if (answer.status >= 200 && answer.status < 300) return { sent: true, answer: line };
      // 404/410: the subscription is gone; other 4xx answers will not change either
      if (answer.status === 404 || answer.status === 410) await gone?.(delivery.recipient);
      throw new DeliveryFailure(line, !retryableStatus(answer.status));
    },
  };
}

/** A new VAPID key pair, for a deployment that configured none (kept in the database, the same for every process). */
export const newVapidKeys = () => webpush.generateVAPIDKeys();
