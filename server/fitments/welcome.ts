import type { Brand } from '../../brands/index.ts';
import { queueMessage } from '../outbox.ts';
import { preferredLanguage, textIn } from '../resources/messages.ts';
import type { WriteContext } from '../resources/hooks.ts';
import type { FitmentBody } from './resolve.ts';

/**
 * The message a customer gets when a fitment opens his account: where to see his vehicle and how
 * to sign in. By e-mail when the form gave one, else by SMS to the phone he signs in with; in the
 * language the fitting dealer's console asks in (users keep no language of their own). Queued in
 * the fitment's transaction: no fitment, no message.
 */
export async function queueWelcome(ctx: WriteContext, body: FitmentBody, brand: Brand, organisationId: string) {
  const { customer } = body;
  const language = preferredLanguage(ctx.request.headers['accept-language']);
  const values = {
    brand: brand.brandName,
    name: customer.firstName ?? '',
    registration: body.vehicle.registrationNumber,
    link: ctx.request.server.publicUrl,
    phone: customer.phone ?? '',
  };
  await queueMessage(ctx.db, {
    channel: customer.email ? 'email' : 'sms',
    recipient: customer.email || customer.phone!,
    subject: textIn(language, 'fitment.welcome.subject', values),
    body: textIn(language, 'fitment.welcome.body', values),
    options: { template: 'welcome' },
    organisationId,
  });
}
