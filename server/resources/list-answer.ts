import type { FastifyReply } from 'fastify';
import type { ResourceDeclaration } from '../../resources/define.ts';
import { TOTAL_ESTIMATED_HEADER } from '../../core/list-contract.ts';
import type { CachedPage } from './list-cache.ts';
import type { ResourceRecord } from './records.ts';

/** The headers of a list answer: the range of its rows and the total, as ra-data-simple-rest reads them. */
export function listHeaders(
  resource: Pick<ResourceDeclaration, 'name'>,
  start: number,
  count: number,
  total: number,
  estimated = false,
): Record<string, string> {
  const range = count ? `${start}-${start + count - 1}` : '*';
  const headers: Record<string, string> = { 'Content-Range': `${resource.name} ${range}/${total}` };
  // the total of a large set is the planner's estimate (server/resources/totals.ts)
  if (estimated) headers[TOTAL_ESTIMATED_HEADER] = 'true';
  headers['Access-Control-Expose-Headers'] = `Content-Range, ${TOTAL_ESTIMATED_HEADER}`;
  return headers;
}

export function sendList(
  reply: FastifyReply,
  resource: Pick<ResourceDeclaration, 'name'>,
  start: number,
  rows: ResourceRecord[],
  total: number,
  estimated = false,
) {
  reply.headers(listHeaders(resource, start, rows.length, total, estimated));
  return rows;
}

/** A list answer already in JSON (from the list cache, or on its way there). */
export function sendPage(reply: FastifyReply, page: CachedPage) {
  reply.headers(page.headers);
  reply.type('application/json; charset=utf-8');
  return page.body;
}
