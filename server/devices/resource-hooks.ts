import { sql } from 'drizzle-orm';
import { DEVICE_STATUSES } from '../../resources/entities/device.ts';
import { badRequest } from '../http/errors.ts';
import type { ResourceHooks } from '../resources/hooks.ts';

export const deviceHooks: ResourceHooks = {
  extraFilters: () => ({
    statusNotIn: (value) => {
      const statuses = Array.isArray(value) ? value : String(value).split(',');
      if (!statuses.every((s) => (DEVICE_STATUSES as readonly string[]).includes(String(s)))) throw badRequest('The filter statusNotIn is not valid');
      return statuses.length ? sql`t.status not in (${sql.join(statuses.map((s) => sql`${String(s)}`), sql`, `)})` : sql`true`;
    },
  }),
};
