import PQueue from 'p-queue';
import type { AppContext } from '../../context.ts';
import { AppError } from '../app-error.ts';

/** PDFs are made within the request; at most this many at once per instance, the rest wait in line. */
export const PDF_CONCURRENCY = 2;
/** past this many waiting, a caller is told to come back (429) rather than wait behind a crowd */
export const PDF_MAX_WAITING = 20;

/** How many PDFs are being made and how many wait, for tests that check the bound. */
export interface PdfSlots {
  readonly active: number;
  readonly waiting: number;
}

/** The app's PDF slots, made once in buildApp and held on its context (AppContext.pdfSlots). */
export const createPdfSlots = (): PQueue => new PQueue({ concurrency: PDF_CONCURRENCY });

/** Runs `work` in one of the app's PDF slots (defence packs and invoices share them), first come first served. */
export async function withPdfSlot<T>(
  ctx: Pick<AppContext, 'pdfSlots'>,
  busyMessage: string,
  work: () => Promise<T>,
): Promise<T> {
  const queue = ctx.pdfSlots;
  // p-queue has no bound on its line: `size` counts the tasks waiting (not those running), so refuse here.
  if (queue.size >= PDF_MAX_WAITING) throw AppError.tooMany(busyMessage);
  // p-queue runs the task in the async context of this call, as awaiting a hand-written slot did.
  return queue.add(() => work());
}

/** The app's PDF slots, for tests that check the bound. */
export function pdfSlotsOf(ctx: Pick<AppContext, 'pdfSlots'>): PdfSlots {
  const queue = ctx.pdfSlots;
  return { active: queue.pending, waiting: queue.size };
}
