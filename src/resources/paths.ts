import type { ResourceDeclaration } from '../../resources/define.ts';

/** The views of a declared entity that have a URL of their own. */
export type ResourceView = 'list' | 'create' | 'edit';

/**
 * The console URL of a declared entity's view, as the spec's route map names it: the list at the
 * declaration's path, Add at `{path}/add`, Edit at `{path}/edit/{id}` (`/management/role/edit/42`).
 * An edit without an id leads to the list, as react-admin's own createPath does.
 */
export function resourcePath(
  declaration: Pick<ResourceDeclaration, 'path'>,
  view: ResourceView,
  id?: string | number,
): string {
  if (view === 'create') return `${declaration.path}/add`;
  if (view === 'edit' && id !== undefined && id !== null && id !== '')
    return `${declaration.path}/edit/${encodeURIComponent(String(id))}`;
  return declaration.path;
}

/**
 * The path react-admin mounts a resource at: the declaration's path without its leading slash
 * (react-admin prefixes a resource's `name` with `/` and routes `{name}/*` to it).
 */
export const mountPath = (declaration: Pick<ResourceDeclaration, 'path'>) => declaration.path.replace(/^\//, '');
