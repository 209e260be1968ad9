import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Delivery, Outcome } from './channel.ts';

/**
 * Where messages go when no provider is configured for their channel: nodemailer's own JSON
 * transport renders the message, and the log gets it, so a demo or a first install can read a reset
 * code there. The row is marked "logged": not sent.
 */
export class LogOnly {
  private readonly transport = nodemailer.createTransport({ jsonTransport: true });

  constructor(
    private readonly log: FastifyBaseLogger,
    /** The setting that would send it, named in the answer (SMTP_URL, SMS_URL). */
    private readonly missing: string,
    private readonly from: string,
  ) {}

  async send(delivery: Delivery): Promise<Outcome> {
    const email = delivery.channel === 'email';
    const info = await this.transport.sendMail({
      from: this.from,
      ...(email ? { to: delivery.recipient } : {}),
      subject: delivery.subject,
      text: delivery.body,
      messageId: `<${delivery.id}@waymark>`,
      headers: {
        'X-Waymark-Delivery': delivery.id,
        'X-Waymark-Channel': delivery.channel,
        'X-Waymark-To': delivery.recipient,
      },
    });
    this.log.info(
      { outbox: JSON.parse(String(info.message)) as unknown },
      `Not sent (no ${this.missing}): ${delivery.channel} to ${delivery.recipient}: ${delivery.body}`,
    );
    return { sent: false, answer: `no ${this.missing}: written to the log` };
  }
}
