import { useEffect, useState } from 'react';
import { apiBase, refreshAuth } from '../../../providers/httpClient.ts';
import { readSession } from '../../../providers/session.ts';

/** A DOC upload (KYC) is served only with the bearer token, which an <img> cannot send. */
export const isPrivateFile = (url: string) =>
  url.startsWith(`${apiBase}/file/doc/`) || url.startsWith('/api/file/doc/');

/** The bytes of an upload, read with the session's token when it is a private document. */
export async function fetchUpload(url: string): Promise<Blob> {
  await refreshAuth();
  const token = readSession()?.accessToken;
  const response = await fetch(url, {
    headers: isPrivateFile(url) && token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.blob();
}

/**
 * An address an <img> can show: a public upload as it is, a private document fetched with the
 * token into an object URL (released when the component goes). Undefined while it loads or if refused.
 */
export function usePrivateFile(url: string): string | undefined {
  const [loaded, setLoaded] = useState<{ url: string; objectUrl: string }>();
  const isPrivate = isPrivateFile(url);
  useEffect(() => {
    if (!isPrivate) return undefined;
    let objectUrl: string | undefined;
    let live = true;
    fetchUpload(url)
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ url, objectUrl });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, isPrivate]);
  if (!isPrivate) return url;
  return loaded?.url === url ? loaded.objectUrl : undefined;
}
