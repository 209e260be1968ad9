import { useCallback, useEffect, useRef } from 'react';
import { useLiveFleet } from '../../src/live/useLiveFleet.ts';

/** The summary is read again at most this often while vehicles report. */
export const LIVE_REFRESH_MS = 10_000;

/**
 * Calls `reload` when the live socket (the one hook the live map and vehicle status use) brings
 * positions or alerts, at most once every LIVE_REFRESH_MS. Mounted only for roles the socket
 * accepts (vehicle status or live tracking); it refuses the others.
 */
export function LiveRefresh({
  reload,
  onConnected,
}: {
  reload: () => void;
  onConnected?: (connected: boolean) => void;
}) {
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  });
  useEffect(() => {
    last.current = Date.now();
  }, []);
  const onUpdate = useCallback(() => {
    if (timer.current) return;
    const wait = Math.max(0, LIVE_REFRESH_MS - (Date.now() - last.current));
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      reloadRef.current();
    }, wait);
  }, []);
  const fleet = useLiveFleet(undefined, onUpdate);
  useEffect(() => {
    onConnected?.(fleet.connected);
  }, [fleet.connected, onConnected]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return null;
}
