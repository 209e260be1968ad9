import type { FastifyBaseLogger } from 'fastify';
import { DeliveryFailure, httpAnswer, retryableStatus, type Channel, type Delivery, type Outcome } from './channel.ts';
import { post } from './guarded-http.ts';
import { LogOnly } from './log-only.ts';
import type { NotifyConfig } from './settings.ts';

/**
 * SMS through an HTTP provider: one JSON POST per message to SMS_URL, with the key as a bearer
 * token and, as Indian SMS needs, the DLT sender id, entity id and the template id of the message's
 * kind (its `template` option: password-reset). The body a provider's own API wants
 * differs from one to the next; docs/notifications.md shows this one, for a small adapter or a
 * provider that takes it. The delivery id goes as `reference` and `Idempotency-Key`.
 */
export function smsChannel(settings: NotifyConfig['sms'], from: string, log: FastifyBaseLogger): Channel {
  const { url } = settings;
  if (!url) return new LogOnly(log, 'SMS_URL', from);
  return {
    async send(delivery: Delivery): Promise<Outcome> {
      const template = typeof delivery.options.template === 'string' ? delivery.options.template : undefined;
      const body = JSON.stringify({
        to: delivery.recipient,
        text: delivery.body,
        sender: settings.sender,
        dltEntityId: settings.dltEntityId,
        dltTemplateId: template ? settings.dltTemplates[template] : undefined,
        reference: delivery.id,
      });
      const answer = await post(url, {
        headers: {
          'content-type': 'application/json',
          'idempotency-key': delivery.id,
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
        body,
      });
      const line = httpAnswer(answer.status, answer.body);
      if (answer.status >= 200 && answer.status < 300) return { sent: true, answer: line };
      throw new DeliveryFailure(line, !retryableStatus(answer.status));
    },
  };
}
