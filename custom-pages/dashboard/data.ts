/** The dashboards' calls and links: the figures' shapes (server/dashboards) and where each figure leads. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { indianDayRange } from '../../core/format/date.ts';
import { apiCall } from '../../providers/httpClient.ts';
import type { VehicleState } from '../../resources/tracking.ts';
import type { ChartDay } from '../../resources/dashboards.ts';

export type Counts<K extends string> = Record<K | 'total', number>;

export interface TopVehicle {
  vehicleId: string;
  name: string;
  registrationNumber: string;
  distanceMeters: number;
  runningSeconds: number;
  maxSpeed: number;
}

/** The fleet's figures (vehicles, today) are null for a role that does not see the fleet (FLEET_MODULES). */
export interface Summary {
  vehicles: Counts<VehicleState> | null;
  today: {
    day: string;
    distanceMeters: number;
    runningSeconds: number;
    reportingVehicles: number;
    alerts: number;
    alertsByType: { key: string; count: number }[];
    topVehicles: TopVehicle[];
  } | null;
  devices: Counts<'NEW' | 'ALLOCATED' | 'INSTALLED' | 'DEFECTED'> | null;
}

export type FitmentCounts = Record<'today' | 'thisMonth' | 'total', Counts<'PENDING' | 'ACTIVE' | 'INACTIVE'>>;
export interface StockCounts {
  devices: Counts<'NEW' | 'ALLOCATED' | 'INSTALLED' | 'DEFECTED'> | null;
  items: Counts<'IN_STOCK' | 'ISSUED' | 'RETURNED'> | null;
}

export type { ChartDay };
export interface Charts {
  from: string;
  to: string;
  /** null (and alertsByType null, days without the fleet's figures) for a role that does not see the fleet. */
  vehicles: number | null;
  days: ChartDay[];
  alertsByType: { key: string; count: number }[] | null;
}

/** A page's URL with a react-admin filter, as lists and report pages read it. */
export const withFilter = (path: string, filter: Record<string, unknown>) =>
  `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
/** A report page (/reports/<slug>) with a prepared filter: a preset, or from/to instants and more. */
export const reportLink = (slug: string, filter: Record<string, unknown>) => withFilter(`/reports/${slug}`, filter);

/** Midnight in Asia/Kolkata of a chart's yyyy-MM-dd day, and of the next: a day as the report filter's [from, to). */
export function dayPeriod(day: string): { from: string; to: string } | undefined {
  const range = indianDayRange(day);
  return range && { from: range.from.toISOString(), to: range.to.toISOString() };
}

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
  /** When the figures were last read. */
  at: number | null;
}

/** GET a path under the API (`null`: not asked for, e.g. without the permission); its `data`. Earlier figures stay shown while newer ones load. */
export function useFigures<T>(path: string | null): Loaded<T> {
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<{ data: T | null; error: string | null; at: number | null; key: string | null }>({
    data: null,
    error: null,
    at: null,
    key: null,
  });
  const key = path === null ? null : `${path}#${tick}`;
  const current = useRef<string | null>(null);
  useEffect(() => {
    if (!path || key === null) return;
    current.current = key;
    apiCall<{ data: T }>(path)
      .then((answer) => {
        if (current.current === key) setState({ data: answer.data, error: null, at: Date.now(), key });
      })
      .catch((error: { body?: { message?: string }; message?: string }) => {
        if (current.current === key)
          setState((s) => ({ ...s, key, error: error.body?.message ?? error.message ?? '' }));
      });
  }, [path, key]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data: state.data, error: state.error, at: state.at, loading: key !== null && state.key !== key, reload };
}
