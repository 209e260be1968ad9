import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import type { ResourceDeclaration } from '../../resources/define.ts';
import { findResource } from '../../resources/modules.ts';
import type { ResourceHooks } from './hooks.ts';
import { query } from './sql.ts';

/** A statement that changes a row of a watched table NOTIFYs this channel with the table's name (migration 0028). */
export const CHANGES_CHANNEL = 'waymark_changes';

/** A list answer as sent: the JSON text of its rows and its headers (Content-Range and the rest). */
export interface CachedPage {
  body: string;
  headers: Record<string, string>;
}

interface Entry extends CachedPage {
  tables: ReadonlySet<string>;
  size: number;
  at: number;
}

/** Pages kept at most, and their characters in all (about 64 MB of JSON); the least recently read go first. */
const MAX_PAGES = 5000;
const MAX_CHARACTERS = 64 * 1024 * 1024;
/** A page longer than this (a wide page of 1,000 rows) is read from the database every time. */
const MAX_PAGE_CHARACTERS = 1024 * 1024;
/** A page is read again after this long whatever was heard: a listener that died without a word cannot keep one for ever. */
const PAGE_TTL_MS = 30_000;

/**
 * The tables a resource's list pages read: its own, those of its references (labels, as-seen
 * objects, `via` fields), organisations (the scope) and what its hooks declare they read. Undefined
 * when a page cannot be kept: device history (its scope reads who held the device when), a
 * declaration that says `listCache: false`, and hooks that filter or decorate without saying what they read.
 */
export function listTables(resource: ResourceDeclaration, hooks: ResourceHooks): ReadonlySet<string> | undefined {
  if (resource.scope === 'device-history' || resource.listCache === false) return undefined;
  if ((hooks.extraFilters || hooks.decorate) && !hooks.listReads) return undefined;
  const tables = new Set([resource.table, 'organisations', ...(hooks.listReads ?? [])]);
  for (const field of Object.values(resource.fields)) {
    // a reference's row, or an array's of ids (their labels)
    const reference = field.type === 'reference' || field.type === 'array' ? field.reference : undefined;
    const target = reference ? findResource(reference) : undefined;
    if (target) tables.add(target.table);
  }
  return tables;
}

/**
 * The key of a page: who asks, as far as it can change the rows (user, role, organisation and
 * its path, the super-admin flag: what scope.ts reads), the route and every query parameter.
 * A page is never served to another user, even one of the same role and organisation.
 */
export function pageKey(route: string, caller: Caller, parameters: Record<string, unknown>): string {
  const sorted = Object.keys(parameters)
    .sort()
    .map((name) => [name, parameters[name]]);
  return JSON.stringify([
    route,
    caller.userId,
    caller.roleId,
    caller.isSuperAdmin,
    caller.organisationId,
    caller.organisationPath,
    sorted,
  ]);
}

/** Tables whose insert, update, delete and truncate all NOTIFY through waymark_table_changed. */
async function watchedTables(database: Database): Promise<Set<string>> {
  const rows = await query<{ table: string }>(
    database.db,
    sql`
    select c.relname as "table" from pg_trigger t
      join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where p.proname = 'waymark_table_changed' and t.tgenabled <> 'D' and c.relnamespace = current_schema()::regnamespace
    group by c.relname
    -- tgtype's bits: 4 insert, 8 delete, 16 update, 32 truncate
    having bit_or(t.tgtype::integer) & 60 = 60`,
  );
  return new Set(rows.map((row) => row.table));
}

/**
 * List pages kept in memory, as sent, until a table they read changes. Other processes' changes
 * arrive by NOTIFY (CHANGES_CHANNEL); this process's own writes through the API forget every page
 * before their answer leaves (forgetListsOnWrites). While not listening nothing is served or kept,
 * and the database answers every list.
 */
export class ListCache {
  private readonly pages = new Map<string, Entry>();
  private characters = 0;
  /** Counts every change heard; a page read across one of its tables' changes is not kept. */
  private generation = 0;
  private readonly changedAt = new Map<string, number>();
  private everythingChangedAt = 0;
  private watched: ReadonlySet<string> = new Set();
  private listening = false;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly enabled: boolean,
  ) {}

  async start(): Promise<void> {
    if (!this.enabled) return;
    this.watched = await watchedTables(this.database);
    this.unlisten = await this.database.listen(
      CHANGES_CHANNEL,
      (table) => this.forgetTable(table),
      (hearing) => this.hearing(hearing),
    );
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.forgetAll();
    await this.unlisten?.();
  }

  /** Whether pages are being served and kept: enabled and hearing changes. */
  get active(): boolean {
    return this.listening;
  }

  /** The tables a resource's list reads when its pages may be kept: each must be watched. */
  tablesOf(resource: ResourceDeclaration, hooks: ResourceHooks): ReadonlySet<string> | undefined {
    const tables = this.enabled ? listTables(resource, hooks) : undefined;
    return tables && [...tables].every((table) => this.watched.has(table)) ? tables : undefined;
  }

  get(key: string): CachedPage | undefined {
    if (!this.listening) return undefined;
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    this.drop(key, entry);
    if (Date.now() - entry.at > PAGE_TTL_MS) return undefined;
    // kept again as the most recently read: the map's first entries are the ones to evict
    this.pages.set(key, entry);
    this.characters += entry.size;
    return entry;
  }

  /** Taken before reading the database, and given back to `put`. */
  ticket(): number {
    return this.generation;
  }

  /** Keeps a page read since `ticket`, unless one of its tables changed meanwhile (it may be stale). */
  put(key: string, ticket: number, tables: ReadonlySet<string>, page: CachedPage): void {
    if (!this.listening || this.everythingChangedAt > ticket) return;
    for (const table of tables) if ((this.changedAt.get(table) ?? 0) > ticket) return;
    const size = key.length + page.body.length;
    if (size > MAX_PAGE_CHARACTERS) return;
    const old = this.pages.get(key);
    if (old) this.drop(key, old);
    this.pages.set(key, { ...page, tables, size, at: Date.now() });
    this.characters += size;
    for (const [oldest, entry] of this.pages) {
      if (this.pages.size <= MAX_PAGES && this.characters <= MAX_CHARACTERS) break;
      this.drop(oldest, entry);
    }
  }

  forgetTable(table: string): void {
    // no kept page reads a table that is not watched; anyone may NOTIFY any text
    if (!this.watched.has(table)) return;
    this.changedAt.set(table, ++this.generation);
    for (const [key, entry] of this.pages) if (entry.tables.has(table)) this.drop(key, entry);
  }

  forgetAll(): void {
    this.everythingChangedAt = ++this.generation;
    this.pages.clear();
    this.characters = 0;
  }

  private drop(key: string, entry: Entry): void {
    this.pages.delete(key);
    this.characters -= entry.size;
  }

  /** Whatever changed while deaf is unknown: serve and keep nothing then, and start again empty. */
  private hearing(hearing: boolean): void {
    this.forgetAll();
    this.listening = hearing;
  }
}

/**
 * A change made through this process is known before its answer leaves, without waiting for the
 * NOTIFY (which reaches the listener later, on PostgreSQL): the next list reads the database. As
 * the caller cache does, any successful request that may write forgets every page, except those
 * that write only sessions: every user's token refresh would otherwise empty the cache.
 */
export function forgetListsOnWrites(app: FastifyInstance, cache: ListCache): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    if (request.routeOptions.config?.writesSessionsOnly) return;
    cache.forgetAll();
  });
}
