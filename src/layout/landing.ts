import { modules } from '../../resources/modules.ts';
import { hasPermission } from '../../providers/permissions.ts';

/**
 * The pages a role's work starts on, in order: operators at Vehicle Status, fitters at the fitment
 * list, device makers at their devices, SIM and wallet people at theirs. A role with none of them
 * starts at the first page of its menu, so `/` never leads to a page the role may not open.
 */
const PREFERRED = ['vehicle-status', 'fitment', 'management-device', 'sim-activation-order', 'account-wallet', 'live-tracking'];
const MENU_ORDER = ['top', 'account', 'reports', 'management'] as const;

/** Where `/` leads a signed-in user: their first page, or their own profile when no page is theirs. */
export function landingPath(isSuperAdmin: boolean | undefined, permissions: readonly string[], userId: string | undefined): string {
  const opens = (id: string) => hasPermission(isSuperAdmin, permissions, id);
  const preferred = PREFERRED.map((id) => modules.find((m) => m.id === id)).find((m) => m && opens(m.id));
  if (preferred) return preferred.path;
  for (const group of MENU_ORDER) {
    const first = modules.find((m) => m.group === group && m.inMenu !== false && opens(m.id));
    if (first) return first.path;
  }
  return userId ? `/management/user/edit/${userId}` : '/change-password';
}
