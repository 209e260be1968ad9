import { useEffect, useState } from 'react';
import { apiCall } from '../../providers/httpClient.ts';
import type { CentreKind, PublicCentre } from '../../resources/centres.ts';

export const PAGE_SIZE = 50;

export interface CentreFilters {
  state: string;
  district: string;
  q: string;
  page: number;
}
interface Places {
  state: string;
  districts: string[];
}

/** The states and districts with published centres of a kind (the filters' choices). */
export function useCentrePlaces(kind: CentreKind): Places[] {
  const [places, setPlaces] = useState<Places[]>([]);
  useEffect(() => {
    let current = true;
    apiCall<{ data: { states: Places[] } }>(`/public/centres/places?kind=${kind}`).then(
      ({ data }) => {
        if (current) setPlaces(data.states);
      },
      () => {
        if (current) setPlaces([]);
      },
    );
    return () => {
      current = false;
    };
  }, [kind]);
  return places;
}

/** One page of published centres for the filters; the search text waits for typing to pause. */
export function useCentres(kind: CentreKind, filters: CentreFilters) {
  const [result, setResult] = useState<{ centres: PublicCentre[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const { state, district, q, page } = filters;
  useEffect(() => {
    let current = true;
    const params = new URLSearchParams({ kind, page: String(page), perPage: String(PAGE_SIZE) });
    if (state) params.set('state', state);
    if (district) params.set('district', district);
    if (q.trim()) params.set('q', q.trim());
    const timer = setTimeout(
      () => {
        apiCall<{ data: { centres: PublicCentre[]; total: number } }>(`/public/centres?${params}`).then(
          ({ data }) => {
            if (current) {
              setResult(data);
              setFailed(false);
            }
          },
          () => {
            if (current) setFailed(true);
          },
        );
      },
      q ? 300 : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [kind, state, district, q, page]);
  return { result, failed };
}
