import type { VehicleState } from '../../resources/tracking.ts';

/**
 * The colour of each vehicle state, on the map and in the status cards. A leaf module of its own:
 * importing it from the map layer would pull Leaflet into every page that shows a state colour.
 */
export const STATE_COLOURS: Record<VehicleState, string> = {
  running: '#2e7d32',
  idle: '#ed6c02',
  stopped: '#d32f2f',
  offline: '#757575',
  noData: '#bdbdbd',
};
