import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { SIGNED_IN } from '../http/permissions.ts';
import { hasPermission } from '../../core/permissions.ts';
import { findResource } from '../../resources/modules.ts';
import { parseListQuery } from '../resources/list-query.ts';
import { listRecords, type ResourceRecord } from '../resources/records.ts';
import { message } from '../resources/messages.ts';

/** The spec's search categories and the resource each one searches. */
export const SEARCH_CATEGORIES = { Devices: 'device', Vehicles: 'vehicle', Users: 'user' } as const;
type Category = keyof typeof SEARCH_CATEGORIES;
const SEARCH_LIMIT = 10;

export function searchRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Querystring: { q: string; category?: string } }>(
    '/search',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['search'],
        summary: 'Devices, vehicles and users matching the text, among those the caller may see',
        querystring: {
          type: 'object',
          properties: {
            q: { type: 'string', minLength: 1, maxLength: 100, errorMessage: message('api.search.query') },
            category: {
              type: 'string',
              enum: ['Vehicles', 'Devices', 'Users'],
              errorMessage: message('api.search.category'),
            },
          },
          required: ['q'],
          errorMessage: { required: { q: message('api.search.query') } },
        },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const result: Record<Category, ResourceRecord[]> = { Devices: [], Vehicles: [], Users: [] };
      // how many match in all, beside the first ten shown: the console offers the rest on the list
      const totals: Record<Category, number> = { Devices: 0, Vehicles: 0, Users: 0 };
      // a total above the exact-count limit is the database's estimate, as a list's X-Total-Estimated says
      const estimated: Category[] = [];
      const wanted = (Object.keys(SEARCH_CATEGORIES) as Category[]).filter(
        (c) => !request.query.category || c === request.query.category,
      );
      await Promise.all(
        wanted.map(async (category) => {
          const resource = findResource(SEARCH_CATEGORIES[category])!;
          if (!hasPermission(caller.isSuperAdmin, caller.permissions, resource.module)) return;
          const list = parseListQuery(
            resource,
            { filter: JSON.stringify({ q: request.query.q }) },
            { maxPage: SEARCH_LIMIT },
          );
          list.end = SEARCH_LIMIT - 1;
          const {
            rows,
            total,
            estimated: isEstimate,
          } = await listRecords(db, resource, caller, list, app.exactCountLimit);
          result[category] = rows;
          totals[category] = total;
          if (isEstimate) estimated.push(category);
        }),
      );
      return { ...result, totals, estimated };
    },
  );
}
