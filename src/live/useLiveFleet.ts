import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { LiveVehicle } from '../../resources/tracking.ts';
import { liveConnection, type LiveAlert, type LiveUpdate } from './connection.ts';

export type { LiveAlert, LiveUpdate, LiveVehicle };

export interface LiveFleet {
  vehicles: Map<string, LiveVehicle>;
  /** Bumped on every change, so components can re-render on it. */
  version: number;
  connected: boolean;
  /** The first snapshot has arrived. */
  loaded: boolean;
}

const current = (): LiveFleet => ({
  vehicles: liveConnection.vehicles,
  version: liveConnection.version,
  connected: liveConnection.connected,
  loaded: liveConnection.loaded,
});

/** Hears alerts and update batches from the tab's live socket without re-rendering. */
export function useLiveEvents(
  onAlert?: (alert: LiveAlert, vehicle: LiveVehicle | undefined) => void,
  onUpdate?: (update: LiveUpdate) => void,
) {
  const alertRef = useRef(onAlert);
  const updateRef = useRef(onUpdate);
  useEffect(() => {
    alertRef.current = onAlert;
    updateRef.current = onUpdate;
  });
  useEffect(
    () =>
      liveConnection.subscribe({
        onAlert: (alert, vehicle) => alertRef.current?.(alert, vehicle),
        onUpdate: (update) => updateRef.current?.(update),
      }),
    [],
  );
}

/**
 * The vehicles the signed-in user may see, live, from the tab's one live socket
 * (src/live/connection.ts): re-renders at most once per animation frame, or once every
 * `refreshMs` when given (a list of thousands need not follow every move).
 */
export function useLiveFleet(
  onAlert?: (alert: LiveAlert, vehicle: LiveVehicle | undefined) => void,
  onUpdate?: (update: LiveUpdate) => void,
  { refreshMs }: { refreshMs?: number } = {},
): LiveFleet {
  const [fleet, setFleet] = useState(current);
  useLiveEvents(onAlert, onUpdate);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    // vehicles come or go (the snapshot), or the connection: shown at once; moves at most every refreshMs
    // (the vehicles' map is the connection's own, changed in place: what was shown is kept as a key)
    const shape = () => `${liveConnection.vehicles.size} ${liveConnection.connected} ${liveConnection.loaded}`;
    let shown = shape();
    const show = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      shown = shape();
      setFleet(current());
    };
    const unsubscribe = liveConnection.subscribe({
      onChange: () => {
        const changed = shape() !== shown;
        if (!refreshMs || changed) show();
        else timer ??= setTimeout(show, refreshMs);
      },
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [refreshMs]);
  return fleet;
}

const subscribeToChanges = (onChange: () => void) => liveConnection.subscribe({ onChange });

/**
 * One value of the live fleet (the connection state, the selected vehicle): the component
 * re-renders only when that value changes, not on every move of every vehicle.
 */
export function useLiveValue<T>(select: (fleet: LiveFleet) => T): T {
  return useSyncExternalStore(subscribeToChanges, () => select(current()));
}
