/**
 * The modules that show the fleet (its vehicles, their states, distances and alerts): a dashboard's
 * fleet figures are answered only to a role holding one of them, as Vehicle Status and GET /vehicle are.
 */
export const FLEET_MODULES = ['vehicle-status', 'live-tracking'] as const;

/** What the dashboards' chart endpoint answers per day (server/dashboards/queries.ts builds it; the console draws it). */
export interface ChartDay {
  /** The Asia/Kolkata day, yyyy-MM-dd. */
  key: string;
  /** The fleet's figures: absent for a role that does not see the fleet (FLEET_MODULES). */
  distanceMeters?: number;
  runningSeconds?: number;
  /** Running time over 24 hours of every tracked vehicle, 0 to 100; null without vehicles. */
  utilisation?: number | null;
  reportingVehicles?: number;
  offlineVehicles?: number;
  fitments?: number;
}
