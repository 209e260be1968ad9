/** The alert rules' tables (issue 26, docs/notifications.md "Alert rules"): the rules, the decisions the events trigger makes, and the console's notifications. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { tableOf } from './declared.ts';
import { users, vehicles } from './schema.ts';
import notificationRule from '../../resources/entities/notification-rule.ts';

export const notificationRules = tableOf(notificationRule, {
  // the events trigger looks up the enabled rules of an event's type
  constraints: (t) => [
    index('notification_rules_type_idx')
      .on(t.eventType, t.organisationId)
      .where(sql`enabled`),
  ],
});

/**
 * One decision to notify: an event met a rule. Inserted by the trigger on `events` in the event's
 * own transaction (migration alert_rules), expanded into deliveries by server/notify/notices.ts.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** events.id; no foreign key, as events rows are kept by time and the notice outlives nothing it needs. Null for WALLET_LOW, which no device raises (`details` says what happened). */
    eventId: bigint('event_id', { mode: 'number' }),
    /** What a notice without an event tells of: WALLET_LOW's balance (server/alerts/sweep.ts). */
    details: jsonb('details'),
    ruleId: uuid('rule_id').notNull(),
    /** pending, sent (deliveries queued), throttled, quiet (inside the rule's quiet hours), dropped (rule or event gone). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The vehicle the event is about: what the throttle counts by. */
    vehicleId: uuid('vehicle_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notices_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('notices_throttle_idx').on(t.ruleId, t.vehicleId, t.decidedAt),
  ],
);

/** The console channel: what the bell lists for a user. */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    noticeId: bigint('notice_id', { mode: 'number' }),
    eventId: bigint('event_id', { mode: 'number' }),
    eventType: text('event_type'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_notifications_user_idx').on(t.userId, t.createdAt)],
);
