import type { ApiEnvelope } from '@eta/shared';
import { useEffect, useState } from 'react';
import { requestBlob } from '../../../lib/api.ts';

/** The server's staff links start with /api; the client adds that prefix itself. */
export const apiPath = (link: string): string => link.replace(/^\/api\//, '');

export interface BlobState {
  url: string | null;
  loading: boolean;
  failed: boolean;
}

/**
 * An object URL for a staff-only file (the token travels in a header, so an <img src> cannot carry
 * it). The URL is revoked when the link changes or the screen closes, so the bytes do not linger.
 */
export function useAuthedBlob(link: string | null): BlobState {
  const [state, setState] = useState<BlobState>({ url: null, loading: link !== null, failed: false });
  useEffect(() => {
    if (!link) {
      setState({ url: null, loading: false, failed: false });
      return;
    }
    let cancelled = false;
    let url: string | null = null;
    setState({ url: null, loading: true, failed: false });
    void requestBlob(apiPath(link)).then((result) => {
      if (cancelled) return;
      if (result instanceof Blob) {
        url = URL.createObjectURL(result);
        setState({ url, loading: false, failed: false });
      } else setState({ url: null, loading: false, failed: true });
    });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [link]);
  return state;
}

/**
 * Saves a staff-only document under its stored name. Returns the envelope when the server refused,
 * so the caller can say why; null when the file was handed to the browser.
 */
export async function downloadDocument(link: string, fileName: string): Promise<ApiEnvelope | null> {
  const result = await requestBlob(apiPath(link));
  // anything but the bytes is a refusal (a non-2xx reply, or none)
  if (!(result instanceof Blob)) return result;
  const url = URL.createObjectURL(result);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser has taken the bytes once the click is handled; a minute is ample for slow disks.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return null;
}
