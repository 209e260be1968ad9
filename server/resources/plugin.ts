import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { resources } from '../../resources/modules.ts';
import { userHooks } from '../users/resource-hooks.ts';
import { organisationHooks } from '../organisations/resource-hooks.ts';
import { roleHooks } from '../roles/resource-hooks.ts';
import { deviceHooks } from '../devices/resource-hooks.ts';
import { deviceActionRoutes } from '../devices/actions.ts';
import { vehicleActionRoutes } from '../vehicles/actions.ts';
import { vehicleHooks } from '../vehicles/resource-hooks.ts';
import { organisationSettingsRoutes } from '../organisations/settings.ts';
import { kmlRouteRoutes } from '../planned-routes/kml.ts';
import { geofenceHooks } from '../geofences/resource-hooks.ts';
import { profileRoutes } from '../users/profile.ts';
import { simActivationHooks } from '../sim-activations/resource-hooks.ts';
import { fitmentHooks } from '../fitments/resource-hooks.ts';
import type { ResourceHooks } from './hooks.ts';
import { fitmentRoutes } from '../fitments/routes.ts';
import { walletHooks } from '../wallets/resource-hooks.ts';
import { eventLogHooks, positionHooks } from '../tracking/resource-hooks.ts';
import { registerResourceRoutes } from './routes.ts';
import { maintenanceHooks } from '../reminders/maintenance.ts';
import { forwardingHooks } from '../forwarding/plugin.ts';
import { notificationRuleHooks } from '../alerts/rule-hooks.ts';
import { webhookEndpointHooks } from '../changehooks/endpoints.ts';

export const hooksByResource: Record<string, ResourceHooks> = {
  user: {
    ...userHooks,
    routes: (app, db) => {
      userHooks.routes?.(app, db);
      profileRoutes(app, db);
    },
  },
  organisation: { ...organisationHooks, routes: organisationSettingsRoutes },
  role: roleHooks,
  device: { ...deviceHooks, routes: deviceActionRoutes },
  vehicle: { ...vehicleHooks, routes: vehicleActionRoutes },
  route: { routes: kmlRouteRoutes },
  geofence: geofenceHooks,
  'sim-activation': simActivationHooks,
  fitment: { ...fitmentHooks, routes: (app, db) => fitmentRoutes(app, db, fitmentHooks) },
  wallet: walletHooks,
  positions: positionHooks,
  eventlogs: eventLogHooks,
  'maintenance-schedule': maintenanceHooks,
  forwarding: forwardingHooks,
  notificationrules: notificationRuleHooks,
  webhookendpoints: webhookEndpointHooks,
};

/** The CRUD routes of every declared resource, including ones registered at run time. */
export function resourceRoutes(app: FastifyInstance, db: Db) {
  for (const resource of resources) registerResourceRoutes(app, db, resource, hooksByResource[resource.name]);
}
