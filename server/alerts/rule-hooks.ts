/** The alert rules' checks beyond the declared fields, and the webhook secret made by the server. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import { badRequest } from '../http/errors.ts';
import { idParams } from '../http/params.ts';
import type { Columns, ResourceHooks } from '../resources/hooks.ts';
import { notificationDocs } from '../openapi/notifications.ts';
import { said } from '../resources/messages.ts';
import type { ResourceRecord } from '../resources/records.ts';
import { revealSecret } from '../resources/reveal-secret.ts';
import { query } from '../resources/sql.ts';
import { newWebhookSecret } from '../notify/webhook.ts';
import ruleResource, { DEFAULT_OVERSPEED_THROTTLE_MINUTES } from '../../resources/entities/notification-rule.ts';

/** How a secret shows in lists and reads: its start only; the reveal route answers it whole. */
export const maskedSecret = (secret: string) => `${secret.slice(0, 10)}…`;

const refuse = (field: string, key: string): never => {
  const message = said(`alerts.messages.${key}`);
  throw badRequest(message, { [field]: message });
};

const present = (value: unknown) => value !== undefined && value !== null && value !== '';
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** How many of these ids name rows of `table` whose organisation is the rule's or one below it. */
async function inRuleTree(db: Db, table: 'users' | 'vehicles', ids: string[], organisationId: string) {
  const found = await query(
    db,
    sql`select x.id from ${sql.identifier(table)} x join organisations o on o.id = x.organisation_id
      where x.id in (${sql.join(
        ids.map((v) => sql`${v}::uuid`),
        sql`, `,
      )})
      and o.path like (select path from organisations where id = ${organisationId}::uuid) || '%'`,
  );
  return found.length === new Set(ids).size;
}

/**
 * What a rule must hold together: the parameter of its event type, its vehicles, recipients in its
 * organisation's tree. The generic write has already refused ids the caller cannot see (an array's
 * `reference`); here the stricter tree of the rule's own organisation, whose events alone it hears.
 */
async function checkRule(db: Db, rule: Record<string, unknown>) {
  if (rule.eventType === 'DEVICE_OFFLINE' && !present(rule.offlineMinutes))
    refuse('offlineMinutes', 'offlineMinutesRequired');
  if (rule.eventType === 'WALLET_LOW' && !present(rule.walletBelow)) refuse('walletBelow', 'walletBelowRequired');
  if (rule.vehicleScope === 'GROUP' && !present(rule.groupId)) refuse('groupId', 'groupRequired');
  const organisationId = String(rule.organisationId);
  const vehicleIds = listOf(rule.vehicleIds) as string[];
  if (rule.vehicleScope === 'VEHICLES') {
    if (!vehicleIds.length) refuse('vehicleIds', 'vehiclesRequired');
    if (!(await inRuleTree(db, 'vehicles', vehicleIds, organisationId))) refuse('vehicleIds', 'vehicleNotFound');
  }
  const userIds = listOf(rule.userIds) as string[];
  if (userIds.length && !(await inRuleTree(db, 'users', userIds, organisationId))) refuse('userIds', 'userNotFound');
  const channels = listOf(rule.channels);
  if (channels.includes('webhook') && !present(rule.webhookUrl)) refuse('webhookUrl', 'webhookUrlRequired');
  if (present(rule.quietFrom) !== present(rule.quietTo)) refuse('quietTo', 'quietHoursBoth');
  const personal = channels.filter((c) => c !== 'webhook');
  if (personal.length && !userIds.length && !listOf(rule.contactEmails).length && !listOf(rule.contactPhones).length)
    refuse('userIds', 'noRecipients');
}

/** A rule keeps the group or the vehicles its scope uses, not those picked before the scope changed: its list and form show what it hears. */
function keepScopeFields(columns: Columns, rule: Record<string, unknown>) {
  if (rule.vehicleScope !== 'GROUP') columns.set('group_id', sql`null`);
  if (rule.vehicleScope !== 'VEHICLES') columns.set('vehicle_ids', sql`'[]'::jsonb`);
}

const organisationOf = (caller: Caller, body: Record<string, unknown>, existing?: ResourceRecord) =>
  (body.organisationId as string | undefined) ??
  (existing?.organisationId as string | undefined) ??
  caller.organisationId;

export const notificationRuleHooks: ResourceHooks = {
  listReads: [],
  async beforeCreate(ctx, columns, body) {
    const rule: Record<string, unknown> = {
      vehicleScope: 'ALL',
      ...body,
      organisationId: organisationOf(ctx.caller, body),
    };
    await checkRule(ctx.db, rule);
    keepScopeFields(columns, rule);
    columns.set('webhook_secret', sql`${newWebhookSecret()}`);
    if (rule.eventType === 'OVERSPEED' && !present(body.throttleMinutes))
      columns.set('throttle_minutes', sql`${DEFAULT_OVERSPEED_THROTTLE_MINUTES}`);
  },
  async beforeUpdate(ctx, existing, columns, body) {
    const rule = { ...existing, ...body, organisationId: organisationOf(ctx.caller, body, existing) };
    await checkRule(ctx.db, rule);
    keepScopeFields(columns, rule);
  },
  decorate(_db, records) {
    for (const record of records)
      if (typeof record.webhookSecret === 'string') record.webhookSecret = maskedSecret(record.webhookSecret);
  },
  routes(app: FastifyInstance, db: Db) {
    app.get<{ Params: { id: string } }>(
      `${ruleResource.api}/:id/secret`,
      {
        config: { permission: 'reveal-notification-rule-secret' },
        schema: {
          tags: [ruleResource.name],
          summary: "The rule's webhook secret, whole: the receiver verifies signatures with it",
          params: idParams,
          response: notificationDocs.ruleSecret,
        },
      },
      async (request) => ({
        success: true,
        data: { webhookSecret: await revealSecret(db, request, ruleResource, 'webhook_secret') },
      }),
    );
  },
};
