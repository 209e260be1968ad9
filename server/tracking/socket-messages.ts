import type { Viewport } from '../../resources/tracking.ts';
import { UUID_PATTERN } from '../resources/sql.ts';
import { message } from '../resources/messages.ts';

/** What a console may send on the live socket; src/live/connection.ts is the one sender. */
export type ConsoleMessage =
  /** A first sign-in or a newer token; `fleet: false` (the debug page alone) skips the vehicles' snapshot and updates. */
  | { type: 'auth'; token: string; fleet: boolean }
  /** A page that shows vehicles opened after a page that did not: start them now. */
  | { type: 'fleet' }
  /** The map's visible area and selected vehicle (undefined: the message was malformed). */
  | { type: 'viewport'; viewport: ViewportMessage | undefined }
  /** The debug page's temporary device (null: none; undefined: malformed). */
  | { type: 'watch-frames'; deviceId: string | null | undefined };

export interface ViewportMessage {
  bounds: Viewport | null;
  focus: string | null;
}

// close frames' reasons: the catalogue's English, short of the 123 bytes a reason holds (the console reads the code)
export const VIEWPORT_REFUSED = message('api.live.viewport');
export const WATCH_REFUSED = message('api.live.watch');

const isCoordinate = (n: unknown, limit: number) => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit;

type Received = {
  type?: unknown;
  token?: unknown;
  fleet?: unknown;
  bounds?: unknown;
  focus?: unknown;
  deviceId?: unknown;
} | null;

function parse(data: unknown): Received {
  try {
    const parsed: unknown = JSON.parse(String(data));
    return typeof parsed === 'object' ? (parsed as Received) : null;
  } catch {
    return null;
  }
}

/** A console's message, read defensively: anything unrecognised counts as a sign-in without a token. */
export function readMessage(data: unknown): ConsoleMessage {
  const message = parse(data);
  switch (message?.type) {
    case 'fleet':
      return { type: 'fleet' };
    case 'viewport': {
      const { bounds: b, focus = null } = message;
      const validBounds =
        b === null ||
        (Array.isArray(b) &&
          b.length === 4 &&
          isCoordinate(b[0], 180) &&
          isCoordinate(b[1], 90) &&
          isCoordinate(b[2], 180) &&
          isCoordinate(b[3], 90) &&
          b[1] <= b[3]);
      const validFocus = focus === null || (typeof focus === 'string' && UUID_PATTERN.test(focus));
      return {
        type: 'viewport',
        viewport:
          validBounds && validFocus ? { bounds: b as Viewport | null, focus: focus as string | null } : undefined,
      };
    }
    case 'watch-frames': {
      const { deviceId } = message;
      return {
        type: 'watch-frames',
        deviceId:
          deviceId === null || (typeof deviceId === 'string' && UUID_PATTERN.test(deviceId)) ? deviceId : undefined,
      };
    }
    default:
      return {
        type: 'auth',
        token: message?.type === 'auth' && typeof message.token === 'string' ? message.token : '',
        fleet: message?.fleet !== false,
      };
  }
}
