import simpleRestProvider from 'ra-data-simple-rest';
import { addRefreshAuthToDataProvider, type DataProvider, type SortPayload } from 'react-admin';
import { findResource } from '../resources/modules.ts';
import { TOTAL_ESTIMATED_HEADER } from '../core/list-contract.ts';
import { apiBase, httpClient, refreshAuth } from './httpClient.ts';

/** The collection path of a console resource: its declaration's API path (device-model → /device-model, user → /users). */
export function collectionOf(resource: string): string {
  return findResource(resource)?.api.slice(1) ?? resource;
}

/**
 * The bodies of list answers whose total is the server's estimate (a large set): simple-rest passes
 * the body on as the list's `data`, by which getList knows to say so in `meta.totalEstimated`.
 */
const estimatedLists = new WeakSet<object>();

const simpleRest = simpleRestProvider(apiBase, async (url, options) => {
  const response = await httpClient(url, options);
  if (response.headers.get(TOTAL_ESTIMATED_HEADER) === 'true' && Array.isArray(response.json))
    estimatedLists.add(response.json);
  return response;
});

/** ra-data-simple-rest, unchanged, with console resource names mapped to the spec's API paths. */
const mapped = Object.fromEntries(
  Object.entries(simpleRest).map(([method, call]) => [
    method,
    typeof call === 'function' ? (resource: string, params: unknown) => call(collectionOf(resource), params) : call,
  ]),
) as DataProvider;

const getList: DataProvider['getList'] = async (resource, params) => {
  if (params.meta?.reportView) return getReportView(resource, params);
  const result = await mapped.getList(resource, params);
  return estimatedLists.has(result.data) ? { ...result, meta: { ...result.meta, totalEstimated: true } } : result;
};

/** The list meta by which a report page asks for its report's view (GET <api>/view) instead of the plain list. */
export const REPORT_VIEW = { reportView: true } as const;

/** What a report view brings beside its rows, in the list's meta: the totals row and the chart (null: none). */
export interface ReportViewMeta {
  totals: Record<string, number | string | null>;
  chart: ({ key: string } & Record<string, number>)[] | null;
}

/** A report page's list: the page, its count, the totals and the chart, all from one query on the server. */
async function getReportView(resource: string, params: Parameters<DataProvider['getList']>[1]) {
  const { page = 1, perPage = 10 } = params.pagination ?? {};
  const query = new URLSearchParams({
    sort: JSON.stringify([params.sort?.field ?? 'id', params.sort?.order ?? 'ASC']),
    range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
    filter: JSON.stringify(params.filter ?? {}),
  });
  const { json } = await httpClient(`${apiBase}/${collectionOf(resource)}/view?${query}`);
  const { rows, total, totals, chart } = (json as { data: ReportViewMeta & { rows: never[]; total: number } }).data;
  return { data: rows, total, meta: { totals, chart } satisfies ReportViewMeta };
}

export interface ExportPage {
  sort: SortPayload;
  filter: Record<string, unknown>;
  start: number;
  end: number;
}

/** One page of an export (the server checks the export permission and allows large pages). */
async function getExportPage(resource: string, { sort, filter, start, end }: ExportPage) {
  const query = new URLSearchParams({
    sort: JSON.stringify([sort.field, sort.order]),
    range: JSON.stringify([start, end]),
    filter: JSON.stringify(filter),
  });
  const { json, headers } = await httpClient(`${apiBase}/${collectionOf(resource)}/export?${query}`);
  const total = Number(headers.get('content-range')?.split('/').pop() ?? 0);
  return { data: json as Record<string, unknown>[], total };
}

export const dataProvider = addRefreshAuthToDataProvider(
  { ...mapped, getList, getExportPage } as DataProvider & { getExportPage: typeof getExportPage },
  refreshAuth,
);
