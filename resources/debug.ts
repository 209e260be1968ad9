/** The debug page's temporary devices: shared by the server and the console. */

/** A temporary device lives this long unless kept. */
export const EPHEMERAL_LIFETIME_MS = 24 * 60 * 60_000;
export const MAX_EPHEMERAL_PER_ORGANISATION = 20;
/** Newest frames the page shows. */
export const MAX_FRAMES_SHOWN = 50;

export interface EphemeralDevice {
  id: string;
  imei: string;
  /** null once kept. */
  expiresAt: string | null;
  createdAt: string;
  createdBy: string;
  lastFrameAt: string | null;
}

export interface DebugFrame {
  id: string;
  receivedAt: string;
  frame: string;
  /** login, position, health, emergency, heartbeat, command-reply; null when it could not be decoded. */
  kind: string | null;
  fields: Record<string, unknown> | null;
  /** Whether the checksum the device sent matched, or it sent none. */
  checksum: 'valid' | 'invalid' | 'absent';
  error: string | null;
}

/** What the live socket sends the debug page about its temporary device: its newest frames, or why it cannot (server/debug/frame-watch.ts). */
export type FramesMessage =
  | { type: 'frames'; deviceId: string; device: EphemeralDevice; frames: DebugFrame[] }
  | { type: 'frames'; deviceId: string; gone: { message: string; messageKey: string } };
