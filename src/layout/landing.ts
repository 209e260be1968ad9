import { modules } from '../../resources/modules.ts';
import { hasPermission } from '../../core/permissions.ts';

/**
 * The pages a role's work starts on, in order: operators at Vehicle Status, fitters and vendors at
 * the fitment list, device makers and stock keepers at their devices, SIM and wallet people at
 * theirs. A role with none of them starts at the first page of its menu, so `/` never leads to a
 * page the role may not open.
 */
const PREFERRED: { module: string; when?: string }[] = [
  { module: 'vehicle-status' },
  // those who fit devices start at fitments; those who only approve them (device makers) at their devices
  { module: 'fitment', when: 'add-fitment' },
  { module: 'management-device' },
  { module: 'fitment' },
  { module: 'sim-activation-order' },
  { module: 'account-wallet' },
  { module: 'live-tracking' },
];
const MENU_ORDER = ['top', 'account', 'reports', 'management'] as const;

/** A user's start page: its path and the i18n key of its name (what a "Go to …" button says). */
export interface StartPage {
  path: string;
  name: string;
}

/** Where `/` leads a signed-in user: their first page, or their own profile when no page is theirs. */
export function landingPage(
  isSuperAdmin: boolean | undefined,
  permissions: readonly string[],
  userId: string | undefined,
): StartPage {
  const opens = (id: string) => hasPermission(isSuperAdmin, permissions, id);
  const preferred = PREFERRED.find((p) => opens(p.module) && (!p.when || opens(p.when)));
  const page = preferred && modules.find((m) => m.id === preferred.module);
  if (page) return { path: page.path, name: page.name };
  for (const group of MENU_ORDER) {
    const first = modules.find((m) => m.group === group && m.inMenu !== false && opens(m.id));
    if (first) return { path: first.path, name: first.name };
  }
  return userId
    ? { path: `/management/user/edit/${userId}`, name: 'layout.profile' }
    : { path: '/change-password', name: 'layout.changePassword' };
}

/** The path of the user's start page (landingPage). */
export function landingPath(
  isSuperAdmin: boolean | undefined,
  permissions: readonly string[],
  userId: string | undefined,
): string {
  return landingPage(isSuperAdmin, permissions, userId).path;
}
