import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import { hasPermission } from '../../core/permissions.ts';
import { HttpError, type Said } from '../http/errors.ts';
import { said } from '../resources/messages.ts';
import type { FramesMessage } from '../../resources/debug.ts';
import { framesOf, visibleDevice } from './ephemeral-devices.ts';

/** Frames arriving close together are read back once. */
const GATHER_MS = 200;

/**
 * A debug page watching a temporary device over the live socket: its frames at once, then again
 * whenever the gateway keeps a frame of its IMEI (the live feed names the unregistered IMEIs of
 * each batch), instead of the page asking every two seconds.
 */
export class FrameWatch {
  private imei: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private caller: Caller,
    readonly deviceId: string,
    private readonly send: (message: FramesMessage) => void,
  ) {}

  /** Reads and sends the frames (or why not); the IMEI it then listens for. */
  async load() {
    if (this.stopped) return;
    try {
      if (!hasPermission(this.caller.isSuperAdmin, this.caller.permissions, 'debug'))
        throw new HttpError(403, said('api.common.forbidden'));
      const device = await visibleDevice(this.db, this.caller, this.deviceId);
      const frames = await framesOf(this.db, device);
      this.imei = device.imei;
      if (!this.stopped) this.send({ type: 'frames', deviceId: this.deviceId, device, frames });
    } catch (error) {
      this.imei = null;
      const reason: Said = error instanceof HttpError && error.said ? error.said : said('api.debug.expired');
      if (!this.stopped)
        this.send({ type: 'frames', deviceId: this.deviceId, gone: { message: reason.text, messageKey: reason.key } });
    }
  }

  /** The gateway kept frames of these unregistered IMEIs. */
  heard(imeis: readonly string[]) {
    if (!this.imei || this.timer || !imeis.includes(this.imei)) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.load();
    }, GATHER_MS);
  }

  /** The socket's periodic recheck: the caller may have lost the permission, the device expired. */
  recheck(caller: Caller) {
    this.caller = caller;
    void this.load();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
