import type { ResourceDeclaration } from '../define.ts';
import device from './device.ts';
import vehicle from './vehicle.ts';
import user from './user.ts';
import organisation from './organisation.ts';
import role from './role.ts';
import groups from './groups.ts';
import route from './route.ts';
import adminDivision from './admin-division.ts';
import job from './job.ts';
import poi from './poi.ts';
import geofence from './geofence.ts';
import rawLogs from './raw-logs.ts';
import wallet from './wallet.ts';
import deviceModel from './device-model.ts';
import item from './item.ts';
import simActivation from './sim-activation.ts';
import fitment from './fitment.ts';
import rto from './rto.ts';
import renewalOrder from './renewal-order.ts';
import position from './position.ts';
import eventLog from './event-log.ts';
import auditLog from './audit-log.ts';
import maintenanceSchedule from './maintenance-schedule.ts';
import delivery from './delivery.ts';
import forwarding from './forwarding.ts';
import notificationRule from './notification-rule.ts';
import webhookEndpoint from './webhook-endpoint.ts';

/** Every declared entity, in the order the spec lists them. */
export const declarations: ResourceDeclaration[] = [
  device,
  vehicle,
  user,
  organisation,
  role,
  groups,
  route,
  adminDivision,
  job,
  poi,
  geofence,
  rawLogs,
  auditLog,
  wallet,
  deviceModel,
  item,
  // the sidebar's top level after Live tracking: Fitment, then SIM Activation Orders (spec platform-shell §Sidebar)
  fitment,
  simActivation,
  rto,
  renewalOrder,
  // read-only device history, shown by the route playback and the Alert report rather than screens of their own
  position,
  eventLog,
  maintenanceSchedule,
  forwarding,
  // issue 26: who is told of which events
  notificationRule,
  // issue 29: integrators told of changes
  webhookEndpoint,
];

/**
 * Declared like the entities (list table, filters, scope, permission ids) but over a table written by
 * hand in server/db/schema.ts, not derived from the declaration: the migrations never read this list.
 */
export const overOwnTables: ResourceDeclaration[] = [delivery];
