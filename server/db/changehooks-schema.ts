/** Change webhooks' endpoints (issue 29, docs/webhooks.md). */
import { text } from 'drizzle-orm/pg-core';
import { tableOf } from './declared.ts';
import webhookEndpoint from '../../resources/entities/webhook-endpoint.ts';

/**
 * An endpoint and the secret its messages are signed with (`whsec_`, Standard Webhooks), in a
 * column of its own that no field reads: the reads show `secret` masked, the reveal route this.
 */
export const webhookEndpoints = tableOf(webhookEndpoint, {
  columns: { signingSecret: text('signing_secret').notNull() },
});
