import { DEFENCE_API, type DefencePackType } from '@eta/shared';
import { type BodyOf, type ReplyOf, requestOf, urlOf } from '../../../lib/endpoint.ts';
import { readToken } from '../../../lib/session.ts';
import { baseApi } from '../../../store/baseApi.ts';

const defenceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDefenceLetter: build.query<
      ReplyOf<typeof DEFENCE_API.letter>,
      { orderId: string; type: DefencePackType; includePassport: boolean }
    >({
      query: ({ orderId, type, includePassport }) =>
        requestOf(DEFENCE_API.letter, {
          params: { orderId },
          query: { defencePackType: type, includePassport: includePassport ? 'true' : 'false' },
        }),
      // The letter follows the order's current values (a transaction just entered): never from a cache.
      keepUnusedDataFor: 0,
    }),
    saveTransactionDetails: build.mutation<
      ReplyOf<typeof DEFENCE_API.transactionDetails>,
      BodyOf<typeof DEFENCE_API.transactionDetails>
    >({
      query: (body) => requestOf(DEFENCE_API.transactionDetails, { body }),
      // a refusal shows under its fields only (TransactionDetailsModal)
      extraOptions: { inline: true },
    }),
  }),
});

export const { useGetDefenceLetterQuery, useSaveTransactionDetailsMutation } = defenceApi;

/** A pack the processor's limits refuse (422): the server's message names the limit and the size. */
export class PackTooLargeError extends Error {}

export type PackChoices = Pick<BodyOf<typeof DEFENCE_API.pack>, 'includePassport' | 'profile'>;

/**
 * POST /admin/get-defence-pack-pdf (SPEC §7): the pack's bytes as a PDF blob. Throws with the
 * server's message when it answers anything but a PDF (SPEC §8: the caller only logs it), a
 * PackTooLargeError when the processor's limits refuse it (the member can choose otherwise).
 */
export async function fetchDefencePack(
  orderId: string,
  type: DefencePackType,
  choices: PackChoices = {},
): Promise<Blob> {
  const token = readToken();
  const request = requestOf(DEFENCE_API.pack, { body: { orderId, defencePackType: type, ...choices } });
  const res = await fetch(urlOf(request), {
    method: request.method,
    headers: {
      Accept: 'application/pdf',
      'Content-Type': 'application/json',
      ...(token ? { Authorization: token } : {}),
    },
    body: JSON.stringify(request.body),
  });
  if (res.ok && res.headers.get('content-type')?.startsWith('application/pdf')) {
    // Typed explicitly, so the new window shows it as a PDF whatever the platform guesses.
    return new Blob([await res.arrayBuffer()], { type: 'application/pdf' });
  }
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  if (res.status === 422 && body?.message) throw new PackTooLargeError(body.message);
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
