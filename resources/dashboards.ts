/** What the dashboards' chart endpoint answers per day (server/dashboards/queries.ts builds it; the console draws it). */
export interface ChartDay {
  /** The Asia/Kolkata day, yyyy-MM-dd. */
  key: string;
  distanceMeters: number;
  runningSeconds: number;
  /** Running time over 24 hours of every tracked vehicle, 0 to 100; null without vehicles. */
  utilisation: number | null;
  reportingVehicles: number;
  offlineVehicles: number;
  fitments?: number;
}
