import type { ApiEnvelope, DefenceLetter, DefencePackType, TransactionDetailsInput } from '@eta/shared';
import { readToken } from '../../../lib/session.ts';
import { baseApi } from '../../../store/baseApi.ts';

const defenceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDefenceLetter: build.query<ApiEnvelope<DefenceLetter>, { orderId: string; type: DefencePackType }>({
      query: ({ orderId, type }) => ({
        url: `admin/defence-letter/${encodeURIComponent(orderId)}`,
        params: { defencePackType: type },
      }),
      transformResponse: (envelope: ApiEnvelope) => envelope as ApiEnvelope<DefenceLetter>,
      // The letter follows the order's current values (a transaction just entered): never from a cache.
      keepUnusedDataFor: 0,
    }),
    saveTransactionDetails: build.mutation<ApiEnvelope, TransactionDetailsInput>({
      query: (body) => ({ url: 'admin/defence-pack-details', method: 'POST', body }),
    }),
  }),
});

export const { useGetDefenceLetterQuery, useSaveTransactionDetailsMutation } = defenceApi;

/**
 * POST /admin/get-defence-pack-pdf (SPEC §7): the pack's bytes as a PDF blob. Throws with the
 * server's message when it answers anything but a PDF (SPEC §8: the caller only logs it).
 */
export async function fetchDefencePack(orderId: string, type: DefencePackType): Promise<Blob> {
  const token = readToken();
  const res = await fetch('/api/admin/get-defence-pack-pdf', {
    method: 'POST',
    headers: {
      Accept: 'application/pdf',
      'Content-Type': 'application/json',
      ...(token ? { Authorization: token } : {}),
    },
    body: JSON.stringify({ orderId, defencePackType: type }),
  });
  if (res.ok && res.headers.get('content-type')?.startsWith('application/pdf')) {
    // Typed explicitly, so the new window shows it as a PDF whatever the platform guesses.
    return new Blob([await res.arrayBuffer()], { type: 'application/pdf' });
  }
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  throw new Error(
    `Defence pack ${type} for ${orderId} failed (HTTP ${res.status}): ${body?.message ?? res.statusText}`,
  );
}

/** Opens a PDF in a new window; the object URL is let go once the window has had time to read it. */
export function openPdf(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  window.open(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
