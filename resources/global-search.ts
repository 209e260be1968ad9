import type { ResourceDeclaration } from './define.ts';

/**
 * How the global search (GET /api/search, the console's search dialog) searches an entity: its
 * `searchable` fields, as the list's search box does (filter q), within what the caller may list.
 * A declaration without `globalSearch` is not searched there.
 */
export interface GlobalSearch {
  /** The group's key in the search's answer and its `category` parameter: 'Devices'. */
  category: string;
  /** i18n key of the group's heading; by default the declaration's title. */
  label?: string;
  /** i18n key shown when nothing of the group matches; by default 'search.noMatches'. */
  empty?: string;
  /** Fields shown under a result's name, joined by ' · ' (a reference shows its row's label). */
  detail?: readonly string[];
  /** Where a result opens in the console, `{id}` the row's id; by default its edit form, `<path>/edit/{id}`. */
  open?: string;
  /** Its place among the category choices (the spec offers Vehicles, Devices, Users); by default after those. */
  categoryOrder?: number;
}

/** The searched entities, in the order of their declarations: the groups of the answer. */
export function searchedResources(resources: readonly ResourceDeclaration[]): ResourceDeclaration[] {
  return resources.filter((resource) => resource.globalSearch);
}

/** The categories as the search offers them: by `categoryOrder`, then in the order of the declarations. */
export function searchCategories(resources: readonly ResourceDeclaration[]): string[] {
  const searched = searchedResources(resources);
  const order = (r: ResourceDeclaration) => r.globalSearch!.categoryOrder ?? Number.MAX_SAFE_INTEGER;
  return [...searched]
    .sort((a, b) => order(a) - order(b) || searched.indexOf(a) - searched.indexOf(b))
    .map((r) => r.globalSearch!.category);
}

/** The console route a result of the resource opens. */
export function searchResultPath(resource: ResourceDeclaration, id: string): string {
  return (resource.globalSearch?.open ?? `${resource.path}/edit/{id}`).replace('{id}', encodeURIComponent(id));
}

/** What a result line shows under its name: the detail fields' values, a reference's label for a reference. */
export function searchResultDetail(
  resource: ResourceDeclaration,
  record: Record<string, unknown> & { labels?: Record<string, string> },
): string {
  return (resource.globalSearch?.detail ?? [])
    .map((name) => (resource.fields[name]?.type === 'reference' ? record.labels?.[name] : record[name]))
    .filter((value) => value !== undefined && value !== null && value !== '')
    .map(String)
    .join(' · ');
}
