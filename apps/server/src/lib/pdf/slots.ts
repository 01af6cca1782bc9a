import type { AppContext } from '../../context.ts';
import { AppError } from '../app-error.ts';
import { createSemaphore, type Semaphore, SemaphoreFullError } from '../semaphore.ts';

/** PDFs are made within the request; at most this many at once per instance, the rest wait in line. */
export const PDF_CONCURRENCY = 2;
/** past this many waiting, a caller is told to come back (429) rather than wait behind a crowd */
export const PDF_MAX_WAITING = 20;

/** The app's PDF slots, made once in buildApp and held on its context (AppContext.pdfSlots). */
export const createPdfSlots = (): Semaphore => createSemaphore(PDF_CONCURRENCY, PDF_MAX_WAITING);

/** Runs `work` in one of the app's PDF slots (defence packs and invoices share them). */
export async function withPdfSlot<T>(
  ctx: Pick<AppContext, 'pdfSlots'>,
  busyMessage: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await ctx.pdfSlots.run(work);
  } catch (error) {
    if (error instanceof SemaphoreFullError) throw AppError.tooMany(busyMessage);
    throw error;
  }
}

/** The app's PDF semaphore, for tests that check the bound. */
export function pdfSlotsOf(ctx: Pick<AppContext, 'pdfSlots'>): Semaphore {
  return ctx.pdfSlots;
}
