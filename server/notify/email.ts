import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { DeliveryFailure, type Channel, type Delivery, type Outcome } from './channel.ts';
import { LogOnly } from './log-only.ts';
import type { NotifyConfig } from './settings.ts';

/**
 * E-mail over SMTP with nodemailer: SMTP_URL names the server (smtps:// for TLS from the start,
 * smtp:// for STARTTLS when the server offers it, required with SMTP_REQUIRE_TLS). Each message's
 * Message-ID and X-Waymark-Delivery carry the delivery id, the same on every try.
 */
export function emailChannel(settings: NotifyConfig['mail'], log: FastifyBaseLogger): Channel {
  if (!settings.smtpUrl) return new LogOnly(log, 'SMTP_URL', settings.from);
  const transport = nodemailer.createTransport(settings.smtpUrl, {
    from: settings.from,
    ...(settings.requireTls ? { requireTLS: true } : {}),
  });
  return {
    async send(delivery: Delivery): Promise<Outcome> {
      try {
        const info = await transport.sendMail({
          to: delivery.recipient,
          subject: delivery.subject,
          text: delivery.body,
          messageId: `<${delivery.id}@waymark>`,
          headers: { 'X-Waymark-Delivery': delivery.id },
        });
        return { sent: true, answer: String(info.response ?? info.messageId) };
      } catch (error) {
        const { responseCode, message } = error as { responseCode?: number; message: string };
        // 5xx: the server will not take this message (no such mailbox); 4xx and no answer: later
        throw new DeliveryFailure(message, typeof responseCode === 'number' && responseCode >= 500);
      }
    },
    close: () => transport.close(),
  };
}
