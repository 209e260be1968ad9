/** One device connection as the gateway and the command dispatcher see it. */
export interface Connection {
  imei: string | null;
  deviceId: string | null;
  /** Address and port of the other end, recorded with each command sent on it. */
  remoteAddress: string;
  /** It has sent a valid location frame of its device; a bare login is not enough to receive commands. */
  located: boolean;
  /** Order in which it named its device, and in which it was last heard (one sequence for all connections). */
  claimedAt: number;
  heardAt: number;
  write(text: string): boolean;
}

/**
 * The open connections of each device. AIS-140 has no device secret, so an IMEI named on two
 * connections at once may be a clone or an impostor: commands then go to neither, and once both
 * are heard after the later one named the device, that is reported (once per such episode).
 */
export class DeviceSessions {
  private readonly byDevice = new Map<string, { connections: Set<Connection>; reported: boolean }>();
  private sequence = 0;

  /** Devices with at least one open connection. */
  get size(): number {
    return this.byDevice.size;
  }

  holders(deviceId: string): number {
    return this.byDevice.get(deviceId)?.connections.size ?? 0;
  }

  /** The connection now speaks for the device. */
  claim(connection: Connection, deviceId: string) {
    connection.deviceId = deviceId;
    connection.claimedAt = ++this.sequence;
    connection.heardAt = connection.claimedAt;
    const entry = this.byDevice.get(deviceId) ?? { connections: new Set<Connection>(), reported: false };
    entry.connections.add(connection);
    this.byDevice.set(deviceId, entry);
  }

  /**
   * A frame of its device was stored from the connection. Returns the connections that proved to
   * be alive at the same time as this one, the first time that happens for the device.
   */
  heard(connection: Connection): Connection[] | null {
    const entry = connection.deviceId ? this.byDevice.get(connection.deviceId) : undefined;
    if (!entry) return null;
    connection.heardAt = ++this.sequence;
    if (entry.reported) return null;
    const rivals = [...entry.connections].filter(
      (other) =>
        other !== connection &&
        // both heard since the later of the two named the device
        Math.min(other.heardAt, connection.heardAt) >= Math.max(other.claimedAt, connection.claimedAt),
    );
    if (!rivals.length) return null;
    entry.reported = true;
    return rivals;
  }

  /** The connection closed. Returns true when the device still has a connection. */
  release(connection: Connection): boolean {
    const entry = connection.deviceId ? this.byDevice.get(connection.deviceId) : undefined;
    if (!entry) return false;
    entry.connections.delete(connection);
    if (!entry.connections.size) this.byDevice.delete(connection.deviceId!);
    else if (entry.connections.size === 1) entry.reported = false;
    return entry.connections.size > 0;
  }

  /** Where a command for the device may go: its only open connection, once that one has sent a location. */
  target(deviceId: string): Connection | null {
    const entry = this.byDevice.get(deviceId);
    if (!entry || entry.connections.size !== 1) return null;
    const [connection] = entry.connections;
    return connection!.located ? connection! : null;
  }
}
