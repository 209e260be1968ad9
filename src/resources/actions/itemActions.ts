import type { RaRecord } from 'react-admin';
import type { ResourceAction } from './types.ts';
import { hasPermission } from '../../../core/permissions.ts';
import { permissionFor } from '../../../providers/resourceAccess.ts';
import { readPermissions, readSession } from '../../../providers/session.ts';

/** The vehicle page is guarded by the vehicle's edit permission: without it the action would lead to a refusal. */
function mayOpenVehicles(): boolean {
  const isSuperAdmin = readSession()?.role.isSuperAdmin;
  return (permissionFor('vehicle', 'edit') ?? []).some((id) => hasPermission(isSuperAdmin, readPermissions(), id));
}

/** The item list's "see attached vehicle": the vehicle's page, greyed out with the reason when it cannot be opened. */
export const itemActions: Record<string, ResourceAction> = {
  'see-attached-vehicle': {
    to: (item) => `/vehicle/edit/${encodeURIComponent(String(item.vehicleId))}`,
    enabled: (item) => Boolean(item.vehicleId) && mayOpenVehicles(),
    disabledHint: (item: RaRecord) => (item.vehicleId ? 'resources.item.noVehicleAccess' : 'resources.item.noVehicle'),
  },
};
