import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ClaimLoop } from '../db/claim-loop.ts';
import { queueMany, type OutgoingMessage } from '../outbox.ts';
import { query } from '../resources/sql.ts';
import type { Language } from '../resources/messages.ts';
import { alertTexts, type AlertFacts } from './templates.ts';
import type { Place, PlaceLookup } from './places.ts';

/** Where the events trigger says notices were decided (migration 0034). */
export const NOTICES_CHANNEL = 'waymark_notices';

export interface NoticeOptions {
  publicUrl: string;
  /** Where the alerts' places get their address (GEOCODER_URL); none: the coordinates. */
  places?: PlaceLookup;
  /** The clock the throttle and quiet hours read (tests fix it). */
  now?: () => Date;
  batch?: number;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

interface ClaimedNotice {
  id: number;
  eventId: number | null;
  /** A notice without an event (WALLET_LOW): what happened, as the sweep wrote it. */
  details: { eventType: string; eventTime: string; organisationId: string; attributes: Record<string, unknown> } | null;
  ruleId: string;
  vehicleId: string | null;
}

interface RuleRow {
  id: string;
  name: string;
  eventType: string;
  channels: string[];
  userIds: string[] | null;
  contactEmails: string[] | null;
  contactPhones: string[] | null;
  webhookUrl: string | null;
  webhookSecret: string | null;
  language: string;
  quietFrom: string | null;
  quietTo: string | null;
  throttleMinutes: number | null;
  enabled: boolean;
  organisationId: string;
}

type EventFacts = Omit<AlertFacts, 'ruleId' | 'ruleName' | 'eventTime'> & { eventTime: string };

/** The events of a batch's notices, by id (as text: a bigint comes back as text from node-postgres). */
async function eventsOf(tx: Db, notices: ClaimedNotice[]): Promise<Map<string, EventFacts>> {
  const ids = [...new Set(notices.flatMap((n) => (n.eventId === null ? [] : [String(n.eventId)])))];
  if (!ids.length) return new Map();
  const events = await query<EventFacts>(
    tx,
    sql`select e.id as "eventId", e.type as "eventType", e.event_time as "eventTime", e.device_id as "deviceId",
      e.vehicle_id as "vehicleId", v.registration_number as "registrationNumber", e.organisation_id as "organisationId",
      e.latitude, e.longitude, e.attributes
      from events e left join vehicles v on v.id = e.vehicle_id
      where e.id in (${sql.join(
        ids.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})`,
  );
  return new Map(events.map((event) => [String(event.eventId), event]));
}

/** The rules of a batch's notices, by id. */
async function rulesOf(tx: Db, notices: ClaimedNotice[]): Promise<Map<string, RuleRow>> {
  const ids = [...new Set(notices.map((n) => n.ruleId))];
  const rules = await query<RuleRow>(
    tx,
    sql`select id, name, event_type as "eventType", channels, user_ids as "userIds", contact_emails as "contactEmails", contact_phones as "contactPhones",
      webhook_url as "webhookUrl", webhook_secret as "webhookSecret", language, quiet_from as "quietFrom",
      quiet_to as "quietTo", throttle_minutes as "throttleMinutes", enabled, organisation_id as "organisationId"
      from notification_rules where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  return new Map(rules.map((rule) => [rule.id, rule]));
}

interface Recipient {
  id: string;
  email: string | null;
  phone: string | null;
}

/** What a round knows of its notices, read once: what decides each one's fate. */
interface Known {
  rules: Map<string, RuleRow>;
  events: Map<string, EventFacts>;
  /** Rule and vehicle pairs sent in this round, which the throttle counts as the stored ones. */
  sentNow: Set<string>;
  /** Rule and vehicle pairs sent within their rule's throttle before this round. */
  sentBefore: Set<string>;
}

/** What one round decided, written together at its end: one outbox insert, one bell insert, an update per status. */
interface Decisions extends Known {
  recipients: Map<string, Recipient[]>;
  messages: OutgoingMessage[];
  bell: SQL[];
}

const languageOf = (rule: RuleRow): Language => (rule.language === 'hi' ? 'hi' : 'en');

async function knownOf(db: Db, notices: ClaimedNotice[], now: Date): Promise<Known> {
  const rules = await rulesOf(db, notices);
  return {
    rules,
    events: await eventsOf(db, notices),
    sentNow: new Set(),
    sentBefore: await sentWithinThrottle(db, notices, rules, now),
  };
}

/** The notices due, the oldest first; claimed (FOR UPDATE SKIP LOCKED) in a round's transaction, only read before it. */
const dueNotices = (db: Db, limit: number, claim: boolean) =>
  query<ClaimedNotice>(
    db,
    sql`select id, event_id as "eventId", details, rule_id as "ruleId", vehicle_id as "vehicleId" from notices
      where status = 'pending' and next_attempt_at <= now()
      order by id limit ${limit}${claim ? sql` for update skip locked` : sql``}`,
  );

type Verdict = { status: 'dropped' | 'quiet' | 'throttled' } | { status: 'sent'; rule: RuleRow; event: EventFacts };

/** A notice's fate: dropped, quiet, throttled, or sent (counted in `sentNow` for the round's next). */
function verdictOf(notice: ClaimedNotice, now: Date, known: Known): Verdict {
  const rule = known.rules.get(notice.ruleId);
  const event = notice.eventId === null ? eventOfDetails(notice) : known.events.get(String(notice.eventId));
  if (!rule || !event || !rule.enabled) return { status: 'dropped' };
  if (!NEVER_QUIET.has(event.eventType) && inQuietHours(now, rule.quietFrom, rule.quietTo)) return { status: 'quiet' };
  const key = throttleKey(rule.id, notice.vehicleId);
  if (rule.throttleMinutes && (known.sentNow.has(key) || known.sentBefore.has(key))) return { status: 'throttled' };
  known.sentNow.add(key);
  return { status: 'sent', rule, event };
}

const placeOf = (rule: RuleRow, event: EventFacts): Place[] =>
  event.latitude === null || event.longitude === null
    ? []
    : [{ latitude: event.latitude, longitude: event.longitude, language: languageOf(rule) }];

const throttleKey = (ruleId: string, vehicleId: string | null) => `${ruleId}|${vehicleId ?? ''}`;

/**
 * The round's rule and vehicle pairs whose rule sent within its throttle before now, in one
 * statement: each pair one look at notices_throttle_idx (`vehicle_id = …`, or `is null` apart, so
 * the index's second column serves it).
 */
async function sentWithinThrottle(tx: Db, notices: ClaimedNotice[], rules: Map<string, RuleRow>, now: Date) {
  const pairs = new Map<string, { ruleId: string; vehicleId: string | null; minutes: number }>();
  for (const { ruleId, vehicleId } of notices) {
    const minutes = rules.get(ruleId)?.throttleMinutes;
    if (minutes) pairs.set(throttleKey(ruleId, vehicleId), { ruleId, vehicleId, minutes });
  }
  if (!pairs.size) return new Set<string>();
  const list = [...pairs.values()];
  const column = <K extends keyof (typeof list)[number]>(key: K) => sql.param(list.map((pair) => pair[key]));
  const recent = sql`n.rule_id = c.rule_id and n.status = 'sent'
    and n.decided_at > ${now.toISOString()}::timestamptz - c.minutes * interval '1 minute'`;
  const rows = await query<{ ruleId: string; vehicleId: string | null }>(
    tx,
    sql`select c.rule_id as "ruleId", c.vehicle_id as "vehicleId"
      from unnest(${column('ruleId')}::uuid[], ${column('vehicleId')}::uuid[], ${column('minutes')}::integer[])
        as c(rule_id, vehicle_id, minutes)
      where (c.vehicle_id is not null and exists (select 1 from notices n where ${recent} and n.vehicle_id = c.vehicle_id))
        or (c.vehicle_id is null and exists (select 1 from notices n where ${recent} and n.vehicle_id is null))`,
  );
  return new Set(rows.map((row) => throttleKey(row.ruleId, row.vehicleId)));
}

const eventOfDetails = ({ details }: ClaimedNotice): EventFacts | undefined =>
  details
    ? {
        ...details,
        eventId: null,
        deviceId: null,
        vehicleId: null,
        registrationNumber: null,
        latitude: null,
        longitude: null,
      }
    : undefined;

/** Events the quiet hours never hold back. */
export const NEVER_QUIET = new Set(['SOS']);

/** HH:MM of a time in Asia/Kolkata. */
export function indianClock(time: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(time);
}

/** Whether a time falls in quiet hours from–to (Asia/Kolkata), which may run over midnight (22:00–06:00). */
export function inQuietHours(time: Date, from: string | null, to: string | null): boolean {
  if (!from || !to || from === to) return false;
  const clock = indianClock(time);
  return from < to ? clock >= from && clock < to : clock >= from || clock < to;
}

/**
 * Expands the notices the events trigger decided into deliveries: claims pending ones (FOR UPDATE
 * SKIP LOCKED, so processes share them), and in the same transaction applies the rule's throttle
 * (one per vehicle per N minutes) and quiet hours (never for SOS), queues a message per channel and
 * recipient (queueMessage) and writes the console's notifications. A process killed mid-way rolls
 * back: the notice stays pending for the next look, nothing half-sent.
 */
export class NoticeProcessor {
  private readonly loop: ClaimLoop;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly options: NoticeOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.loop = new ClaimLoop(() => this.round(), options);
  }

  start() {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** The events trigger decided notices (NOTIFY waymark_notices): look now rather than at the next interval. */
  poke() {
    this.loop.poke();
  }

  /** Rounds until no notice is pending; answers how many were decided. */
  drain(): Promise<number> {
    return this.loop.drain();
  }

  async round(): Promise<number> {
    const places = this.options.places;
    if (places) await this.warmPlaces(places);
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const claimed = await dueNotices(tx, this.options.batch ?? 50, true);
      if (claimed.length) await this.decideAll(tx, claimed);
      return claimed.length;
    });
  }

  /**
   * Before the round's transaction, never in it (a slow service would hold the claimed notices,
   * and on the embedded database every query of the process): the addresses of the places of the
   * due notices that will be sent, asked together. The transaction reads only what is kept.
   */
  private async warmPlaces(places: PlaceLookup) {
    const now = this.now();
    const due = await dueNotices(this.db, this.options.batch ?? 50, false);
    if (!due.length) return;
    const known = await knownOf(this.db, due, now);
    await places.warm(
      due.flatMap((notice) => {
        const verdict = verdictOf(notice, now, known);
        return verdict.status === 'sent' ? placeOf(verdict.rule, verdict.event) : [];
      }),
    );
  }

  /** A round's notices decided together: rules, events and recipients read once, what they send written at the end. */
  private async decideAll(tx: Db, claimed: ClaimedNotice[]) {
    const now = this.now();
    const decisions: Decisions = {
      ...(await knownOf(tx, claimed, now)),
      recipients: new Map(),
      messages: [],
      bell: [],
    };
    const byStatus = new Map<string, number[]>();
    for (const notice of claimed) {
      const status = await this.decide(tx, notice, now, decisions);
      byStatus.set(status, [...(byStatus.get(status) ?? []), notice.id]);
    }
    if (decisions.bell.length)
      await query(
        tx,
        sql`insert into user_notifications (user_id, notice_id, event_id, event_type, title, body, vehicle_id)
          values ${sql.join(decisions.bell, sql`, `)}`,
      );
    await queueMany(tx, decisions.messages);
    for (const [status, ids] of byStatus)
      await query(
        tx,
        sql`update notices set status = ${status}, decided_at = ${now.toISOString()}::timestamptz
          where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
      );
  }

  private async recipientsOf(tx: Db, rule: RuleRow, decisions: Decisions): Promise<Recipient[]> {
    const known = decisions.recipients.get(rule.id);
    if (known) return known;
    const users = rule.userIds?.length
      ? await query<Recipient>(
          tx,
          sql`select id, email, phone from users where is_enabled and id in (${sql.join(
            rule.userIds.map((u) => sql`${u}::uuid`),
            sql`, `,
          )})`,
        )
      : [];
    decisions.recipients.set(rule.id, users);
    return users;
  }

  /** One notice: dropped, quiet, throttled, or sent (its messages and bell rows added to the round's). */
  private async decide(tx: Db, notice: ClaimedNotice, now: Date, decisions: Decisions): Promise<string> {
    const verdict = verdictOf(notice, now, decisions);
    if (verdict.status !== 'sent') return verdict.status;
    const { rule, event } = verdict;
    const language = languageOf(rule);
    const [place] = placeOf(rule, event);
    const facts: AlertFacts = {
      ...event,
      eventTime: new Date(event.eventTime),
      ruleId: rule.id,
      ruleName: rule.name,
      address: place ? (this.options.places?.peek(place) ?? null) : null,
    };
    const texts = alertTexts(language, facts, this.options.publicUrl);
    const users = await this.recipientsOf(tx, rule, decisions);
    const messages = decisions.messages;
    const organisationId = rule.organisationId;
    const add = (
      channel: OutgoingMessage['channel'],
      recipient: string,
      body: string,
      options?: Record<string, unknown>,
    ) => messages.push({ channel, recipient, subject: texts.subject, body, options, organisationId });
    const distinct = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];
    for (const channel of rule.channels) {
      if (channel === 'email')
        for (const to of distinct([...users.map((u) => u.email), ...(rule.contactEmails ?? [])]))
          add('email', to, texts.email);
      if (channel === 'sms')
        for (const to of distinct([...users.map((u) => u.phone), ...(rule.contactPhones ?? [])]))
          add('sms', to, texts.sms, { template: `alert-${language}` });
      if (channel === 'push') for (const user of users) add('push', `user:${user.id}`, texts.consoleBody);
      if (channel === 'webhook' && rule.webhookUrl)
        add('webhook', rule.webhookUrl, texts.sms, { secret: rule.webhookSecret, type: 'alert', data: texts.webhook });
      if (channel === 'console')
        for (const user of users)
          decisions.bell.push(
            sql`(${user.id}::uuid, ${notice.id}, ${event.eventId}, ${event.eventType}, ${texts.consoleTitle},
              ${texts.consoleBody}, ${event.vehicleId}::uuid)`,
          );
    }
    return 'sent';
  }
}
