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

const queues = new WeakMap<AppContext, PQueue>();

/** Runs `work` in one of the app's PDF slots (defence packs and invoices share them), first come first served. */
export async function withPdfSlot<T>(ctx: AppContext, busyMessage: string, work: () => Promise<T>): Promise<T> {
  let queue = queues.get(ctx);
  if (!queue) {
    queue = new PQueue({ concurrency: PDF_CONCURRENCY });
    queues.set(ctx, queue);
  }
  // p-queue has no bound on its line: `size` counts the tasks waiting (not those running), so refuse here.
  if (queue.size >= PDF_MAX_WAITING) throw AppError.tooMany(busyMessage);
  // p-queue runs the task in the async context of this call, as awaiting a hand-written slot did.
  return queue.add(() => work());
}

/** The app's PDF slots, for tests that check the bound. */
export function pdfSlotsOf(ctx: AppContext): PdfSlots | undefined {
  const queue = queues.get(ctx);
  return queue && { active: queue.pending, waiting: queue.size };
}
