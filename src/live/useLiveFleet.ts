import { useEffect, useRef, useState } from 'react';
import { apiBase, refreshAuth } from '../../providers/httpClient.ts';
import { readSession } from '../../providers/session.ts';
import { fromWire, VEHICLE_STATES, type LivePosition, type LiveVehicle, type WireUpdate } from '../../resources/tracking.ts';

export type { LiveVehicle };
import { noteReceived } from './metrics.ts';

export interface LiveAlert {
  type: string;
  vehicleId: string;
  deviceId: string;
  eventTime: string;
  latitude: number | null;
  longitude: number | null;
}

interface Update {
  type: 'update';
  positions: Omit<LivePosition, 'deviceId'>[];
  events: LiveAlert[];
}

/** How often the console hands the socket a fresh access token (they last 15 minutes). */
const RENEW_MS = 5 * 60_000;

const socketUrl = () => {
  const url = new URL(`${apiBase}/socket`, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
};

export interface LiveFleet {
  vehicles: Map<string, LiveVehicle>;
  /** Bumped on every change, so components can re-render on it. */
  version: number;
  connected: boolean;
}

/**
 * The vehicles the signed-in user may see, live: a snapshot from /api/socket, then batched
 * updates. Reconnects (with a fresh token) when the connection drops. `onAlert` hears alerts.
 */
export function useLiveFleet(onAlert?: (alert: LiveAlert, vehicle: LiveVehicle | undefined) => void, onUpdate?: (update: Update) => void): LiveFleet {
  const [fleet, setFleet] = useState<Omit<LiveFleet, 'connected'>>({ vehicles: new Map(), version: 0 });
  const [connected, setConnected] = useState(false);
  const alertRef = useRef(onAlert);
  const updateRef = useRef(onUpdate);
  useEffect(() => {
    alertRef.current = onAlert;
    updateRef.current = onUpdate;
  });

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let renew: ReturnType<typeof setInterval> | null = null;
    let attempts = 0;
    let stopped = false;
    let pending = false;
    let vehicles = new Map<string, LiveVehicle>();
    let version = 0;
    // one render per animation frame however many messages arrive
    const bump = () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        version += 1;
        setFleet({ vehicles, version });
      });
    };

    const connect = async () => {
      await refreshAuth();
      if (stopped) return;
      const token = readSession()?.accessToken;
      if (!token) return;
      socket = new WebSocket(socketUrl());
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'auth', token }));
      // the server closes a connection whose token expired: hand it each newer one
      renew = setInterval(() => {
        void refreshAuth().then(() => {
          const fresh = readSession()?.accessToken;
          if (fresh && socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'auth', token: fresh }));
        });
      }, RENEW_MS);
      socket.onmessage = (message) => {
        const wire = JSON.parse(String(message.data)) as { type: 'snapshot'; vehicles: LiveVehicle[] } | WireUpdate<LiveAlert>;
        if (wire.type === 'snapshot') {
          attempts = 0;
          vehicles = new Map(wire.vehicles.map((v) => [v.vehicleId, v]));
          setConnected(true);
        } else {
          const data: Update = { ...wire, positions: wire.positions.map(fromWire) };
          // each position carries the state the server gave the vehicle with it; `states` those changed without one
          for (const p of data.positions) {
            const known = vehicles.get(p.vehicleId);
            if (known) vehicles.set(p.vehicleId, { ...known, ...p });
          }
          for (const [vehicleId, state] of wire.states ?? []) {
            const known = vehicles.get(vehicleId);
            const status = VEHICLE_STATES[state];
            if (known && status) vehicles.set(vehicleId, { ...known, status });
          }
          noteReceived(data.positions.map((p) => p.receivedAt));
          for (const alert of data.events) alertRef.current?.(alert, vehicles.get(alert.vehicleId));
          updateRef.current?.(data);
        }
        bump();
      };
      socket.onclose = () => {
        if (renew) clearInterval(renew);
        setConnected(false);
        if (stopped) return;
        attempts += 1;
        retry = setTimeout(() => void connect(), Math.min(30_000, 1000 * 2 ** Math.min(attempts, 5)));
      };
    };
    void connect();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (renew) clearInterval(renew);
      socket?.close();
    };
  }, []);

  return { ...fleet, connected };
}
