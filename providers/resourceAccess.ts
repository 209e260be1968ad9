import type { Action, ResourceDeclaration } from '../resources/define.ts';
import { exportPermissions, findResource } from '../resources/modules.ts';

/**
 * The permission ids behind a react-admin access check (any one will do): for a declared resource
 * its module (to list and read) or the id of the action; otherwise the resource itself names a
 * permission id (modules and custom pages) or the action does (row actions). A resource read by
 * other modules' users too (the Raw logs report) lets them list and export, as the server does.
 */
export function permissionFor(resource: string, action: string): string[] | undefined {
  const declaration = findResource(resource);
  if (!declaration) return [resource];
  // its own screen opens with its module only; reading its rows (a report's, a picker's) is not opening the screen
  if (action === 'screen') return [declaration.module];
  const alsoBy = declaration.readableByModules ?? [];
  // picking a row in another screen's form (a reference picker): read in full, or by name alone
  if (action === 'pick')
    return [declaration.module, ...alsoBy, ...(declaration.pickableBy ?? []), ...(declaration.namePickableBy ?? [])];
  if (action === 'list' || action === 'show' || action === 'access') return [declaration.module, ...alsoBy];
  const also = declaration.alsoPermittedBy?.[action as Exclude<Action, 'list'>] ?? [];
  if (action === 'export' && declaration.permissions.export) return exportPermissions(declaration);
  if (action in declaration.permissions) return [declaration.permissions[action as Exclude<Action, 'list'>]!, ...also];
  if (['create', 'edit', 'delete', 'export'].includes(action)) return undefined;
  return [action];
}

/** Whether the console has the view at all (job and geofence have no edit form, raw logs neither). */
export function hasView(declaration: ResourceDeclaration, view: 'create' | 'edit'): boolean {
  return Boolean(declaration.permissions[view]) && declaration.views?.[view] !== false;
}

/** Whether the console generates the view (rather than a custom page at the same path). */
export function generatesView(declaration: ResourceDeclaration, view: 'create' | 'edit'): boolean {
  return hasView(declaration, view) && declaration.views?.[view] !== 'custom';
}
