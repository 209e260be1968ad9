import { useCallback, useEffect, useState } from 'react';
import { apiCall } from '../../providers/httpClient.ts';
import type { CertificateData } from '../../resources/certificate.ts';

export type CertificateState =
  { status: 'loading' } | { status: 'missing' } | { status: 'failed' } | { status: 'ready'; data: CertificateData };

/** The certificate of an IMEI from GET /certificate/{imei}, with the token when there is a session (a full view then). */
export function useCertificate(imei: string) {
  const [answer, setAnswer] = useState<{ imei: string; state: CertificateState }>();
  useEffect(() => {
    let live = true;
    apiCall<CertificateData>(`/certificate/${encodeURIComponent(imei)}`)
      .then((data) => {
        if (live) setAnswer({ imei, state: { status: 'ready', data } });
      })
      .catch((error: { status?: number }) => {
        if (live) setAnswer({ imei, state: { status: error.status === 404 ? 'missing' : 'failed' } });
      });
    return () => {
      live = false;
    };
  }, [imei]);
  const replace = useCallback((data: CertificateData) => setAnswer({ imei, state: { status: 'ready', data } }), [imei]);
  const state: CertificateState = answer?.imei === imei ? answer.state : { status: 'loading' };
  return { state, replace };
}
