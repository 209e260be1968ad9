import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import type { ResourceDeclaration } from '../../resources/define.ts';
import type { ExtraFilters } from './list-query.ts';
import type { ResourceRecord } from './records.ts';

export interface WriteContext {
  db: Db;
  resource: ResourceDeclaration;
  caller: Caller;
  request: FastifyRequest;
}

/** Column name to SQL value of the row about to be written; hooks may add or change columns. */
export type Columns = Map<string, SQL>;

/**
 * What an entity needs beyond the generic CRUD: a hashed password, a materialised path, a check
 * that a role grants no more than its author holds. Kept beside the entity's domain code.
 */
export interface ResourceHooks {
  /** Filters beyond the declared fields, also taken as plain query parameters (devices by excluded statuses, positions by imei); the API description lists them. */
  extraFilters?: ExtraFilters;
  /**
   * Tables the extra filters and `decorate` read beyond the resource's own, its references' and
   * organisations (roles, for users by role name). A resource with either hook and without this
   * list has its list pages read from the database every time (server/resources/list-cache.ts).
   */
  listReads?: string[];
  /** Largest page of the list route, when not MAX_LIST_PAGE (the history lists serve export-sized pages). */
  maxListPage?: number;
  beforeCreate?(ctx: WriteContext, columns: Columns, body: Record<string, unknown>): Promise<void>;
  beforeUpdate?(
    ctx: WriteContext,
    existing: ResourceRecord,
    columns: Columns,
    body: Record<string, unknown>,
  ): Promise<void>;
  beforeDelete?(ctx: WriteContext, existing: ResourceRecord): Promise<void>;
  /** Runs in the write's transaction once the row is inserted or updated, before it commits (a fitment's activation is paid from the row as written). */
  afterWrite?(ctx: WriteContext, id: string): Promise<void>;
  /** Adds derived data to records on the way out of lists and reads (a role's flattened permissions). */
  decorate?(db: Db, records: ResourceRecord[], query: Record<string, unknown>): Promise<void> | void;
  /** Adds what only a single read carries (a device's last position and health): lists stay one statement. */
  decorateOne?(db: Db, record: ResourceRecord): Promise<void> | void;
  /** Extra routes of the entity (set a user's password, allocate devices). */
  routes?(app: FastifyInstance, db: Db): void;
}
