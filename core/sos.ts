/** The SOS permission ids and limits the server (server/sos/routes.ts) and the console's banner share. */

/** Who may acknowledge an SOS (an action of the SOS report's module). */
export const ACKNOWLEDGE_SOS = 'acknowledge-sos';
/** Who sees the open SOS cases: whoever may acknowledge them, reads the SOS report, or watches the live map. */
export const SEE_OPEN_SOS = [ACKNOWLEDGE_SOS, 'report-sosalert', 'live-tracking'];
/** Longest note an acknowledgement keeps. */
export const MAX_NOTE_LENGTH = 500;

/** An open SOS as GET /api/sos/open answers it. */
export interface OpenSos {
  id: string;
  deviceId: string;
  vehicleId: string | null;
  registrationNumber: string | null;
  imei: string;
  openedAt: string;
  latitude: number | null;
  longitude: number | null;
  releasedAt: string | null;
  escalationLevel: number;
}
