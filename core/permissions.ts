/**
 * A role's authScopes: a tree of modules, each allowed or not, with its actions switched on or off.
 * Flattened it is the permission id list that the console keeps and the server checks.
 * Plain TypeScript: imported by the console and the server alike.
 */
export interface AuthScope {
  id: string;
  allowed?: boolean;
  actions?: Record<string, boolean>;
  children?: AuthScope[];
}

/** The built-in role that passes every check; which role that is, is its `isSuperAdmin` flag, never this name. */
export const SUPER_ADMIN = 'SUPER_ADMIN';

/** The thirteen built-in roles of the spec; their names are reserved. */
export const BUILT_IN_ROLE_NAMES = [
  'SUPER_ADMIN',
  'ADMIN',
  'DISTRIBUTER',
  'DEALER',
  'CUSTOMER',
  'VENDOR',
  'LIMITED_USER',
  'FITTER',
  'MANUFACTURER',
  'INVENTORY_MANAGER',
  'RFC',
  'RFC_ADMIN',
  'CUSTOM',
] as const;

/** A role name as compared for reservation: case, surrounding spaces, and spaces or hyphens for underscores aside. */
export const roleNameKey = (name: string) =>
  name
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

/** Whether a name is, or reads as, a built-in role's name. */
export const isReservedRoleName = (name: string) =>
  (BUILT_IN_ROLE_NAMES as readonly string[]).includes(roleNameKey(name));

/** The permission ids that make a user an administrator: he may manage the organisation's users or roles. */
export const ADMINISTRATION_PERMISSIONS = ['management-user', 'management-role'] as const;

/** Whether a permission set is an administrator's (an organisation may require him an authenticator). */
export const hasAdministration = (permissions: readonly string[]) =>
  ADMINISTRATION_PERMISSIONS.some((id) => permissions.includes(id));

/** Allowed nodes plus their truthy actions, depth first, without duplicates. */
export function flattenAuthScopes(scopes: readonly AuthScope[] | null | undefined): string[] {
  const out = new Set<string>();
  const walk = (nodes: readonly AuthScope[]) => {
    for (const node of nodes) {
      if (!node || typeof node.id !== 'string' || node.allowed === false) continue;
      out.add(node.id);
      for (const [action, on] of Object.entries(node.actions ?? {})) if (on) out.add(action);
      if (Array.isArray(node.children)) walk(node.children);
    }
  };
  walk(scopes ?? []);
  return [...out];
}

/** Whether a role may use a permission id; the super-admin role may use all, an item without an id is open. */
export function hasPermission(
  isSuperAdmin: boolean | undefined,
  permissions: readonly string[],
  id: string | undefined,
): boolean {
  if (!id) return true;
  if (isSuperAdmin === true) return true;
  return permissions.includes(id);
}

/** The permission ids a role's tree grants that a holder of `held` lacks (the `group-` menu nodes aside). */
export function permissionsBeyond(scopes: readonly AuthScope[] | null | undefined, held: readonly string[]): string[] {
  const own = new Set(held);
  return flattenAuthScopes(scopes).filter((p) => !p.startsWith('group-') && !own.has(p));
}

/** The permission list as kept in local storage: not plain text, so it is not read or edited by eye. */
export function encodePermissions(permissions: readonly string[]): string {
  const json = JSON.stringify(permissions);
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).split('').reverse().join('');
}

export function decodePermissions(encoded: string | null | undefined): string[] {
  if (!encoded) return [];
  try {
    const binary = atob(encoded.split('').reverse().join(''));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}
