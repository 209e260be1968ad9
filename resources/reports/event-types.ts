/** Every event type the platform raises: the devices' alert frames (resources/tracking.ts) and the server's own checks (server/tracking/zones.ts). */
import { PACKET_EVENTS } from '../tracking.ts';

export const SERVER_EVENTS = [
  'OVERSPEED',
  'EXCESS_IDLE',
  'GEOFENCE_ENTER',
  'GEOFENCE_EXIT',
  'ROUTE_VIOLATION',
  // the periodic sweep's (server/reminders/): a subscription 30, 7 or 1 days from its end, a vehicle's service due
  'SUBSCRIPTION_EXPIRING',
  'MAINTENANCE_DUE',
  // the alert rules' sweep (server/notify/sweep.ts): a device silent for a rule's minutes, an organisation's wallet below a rule's amount
  'DEVICE_OFFLINE',
  'WALLET_LOW',
] as const;
export const SUBSCRIPTION_EXPIRING = 'SUBSCRIPTION_EXPIRING';
export const MAINTENANCE_DUE = 'MAINTENANCE_DUE';
/** The event a planned route's check raises when a vehicle leaves its route. */
export const ROUTE_VIOLATION = 'ROUTE_VIOLATION';

export const EVENT_TYPES: readonly string[] = [
  ...new Set([...Object.values(PACKET_EVENTS).filter((t): t is string => Boolean(t)), ...SERVER_EVENTS]),
];
