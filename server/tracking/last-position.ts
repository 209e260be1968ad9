import { sql, type SQL } from 'drizzle-orm';

/**
 * A device's newest position as the API answers it: device_states.last_position with its
 * attributes, kept apart in last_attributes (server/db/schema.ts), put back; null when there is none.
 */
export const lastPositionSql = (states: string): SQL =>
  sql`(${sql.identifier(states)}.last_position || jsonb_build_object('attributes', ${sql.identifier(states)}.last_attributes))`;
