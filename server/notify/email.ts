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
  // the URL as a transport option, so requireTLS sits beside it (a second argument is the mails' defaults)
  const transport = nodemailer.createTransport(
    { url: settings.smtpUrl, ...(settings.requireTls ? { requireTLS: true } : {}) },
    { from: settings.from },
  );
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
        const { responseCode, code, message } = error as { responseCode?: number; code?: string; message: string };
        // 5xx to this message (no such mailbox, refused content): never; a 4xx, no answer, a failed
        // STARTTLS or sign-in (the server's or our settings', which an operator may mend): later
        const refusedMessage = (code === 'EENVELOPE' || code === 'EMESSAGE') && (responseCode ?? 0) >= 500;
        throw new DeliveryFailure(message, refusedMessage);
      }
    },
    close: () => transport.close(),
  };
}
