import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { SIGNED_IN } from '../http/permissions.ts';
import { hasPermission } from '../../core/permissions.ts';
import { resources } from '../../resources/modules.ts';
import { searchCategories, searchedResources } from '../../resources/global-search.ts';
import { parseListQuery } from '../resources/list-query.ts';
import { listRecords, type ResourceRecord } from '../resources/records.ts';
import { message } from '../resources/messages.ts';
import { miscDocs } from '../openapi/misc.ts';

const SEARCH_LIMIT = 10;

/**
 * GET /search: the declarations with `globalSearch` (resources/global-search.ts), each a group of
 * the answer under its category, searched as its list's `q` searches and scoped as its list is.
 */
export function searchRoutes(app: FastifyInstance, db: Db) {
  // the declarations as registered when the server starts (a plugin's or a test's registerResource included)
  const searched = searchedResources(resources);
  // in the order the search offers them (the spec's Vehicles, Devices, Users first)
  const categories = searchCategories(resources);
  const choices = `${categories.slice(0, -1).join(', ')}${categories.length > 1 ? ' or ' : ''}${categories.at(-1)}`;
  app.get<{ Querystring: { q: string; category?: string } }>(
    '/search',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['search'],
        summary: `${categories.join(', ')} matching the text, among those the caller may see`,
        querystring: {
          type: 'object',
          properties: {
            q: { type: 'string', minLength: 1, maxLength: 100, errorMessage: message('api.search.query') },
            category: {
              type: 'string',
              enum: categories,
              errorMessage: message('api.search.category', { choices }),
            },
          },
          required: ['q'],
          errorMessage: { required: { q: message('api.search.query') } },
        },
        response: miscDocs.search,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const result: Record<string, ResourceRecord[]> = {};
      // how many match in all, beside the first ten shown: the console offers the rest on the list
      const totals: Record<string, number> = {};
      // a total above the exact-count limit is the database's estimate, as a list's X-Total-Estimated says
      const estimated: string[] = [];
      for (const resource of searched) {
        result[resource.globalSearch!.category] = [];
        totals[resource.globalSearch!.category] = 0;
      }
      const wanted = searched.filter(
        (resource) => !request.query.category || resource.globalSearch!.category === request.query.category,
      );
      await Promise.all(
        wanted.map(async (resource) => {
          const category = resource.globalSearch!.category;
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
      // in the order of the declarations, whichever group answered first
      const groups = searched.map((resource) => resource.globalSearch!.category);
      estimated.sort((a, b) => groups.indexOf(a) - groups.indexOf(b));
      return { ...result, totals, estimated };
    },
  );
}
