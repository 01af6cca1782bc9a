import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error.ts';
import { PDF_CONCURRENCY, PDF_MAX_WAITING, pdfSlotsOf, withPdfSlot } from '../src/lib/pdf/slots.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

/** The PDF slots bound the work itself, whatever the database: one dialect is enough. */
describe('PDF slots', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('runs at most two at once, in arrival order, and every task completes', async () => {
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        withPdfSlot(t.app.ctx, 'busy', async () => {
          running += 1;
          peak = Math.max(peak, running);
          order.push(i);
          await tick();
          running -= 1;
          return i * 10;
        }),
      ),
    );
    expect(peak).toBe(PDF_CONCURRENCY);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(pdfSlotsOf(t.app.ctx)).toMatchObject({ active: 0, waiting: 0 });
  });

  it('frees the slot when a task throws', async () => {
    await expect(withPdfSlot(t.app.ctx, 'busy', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(withPdfSlot(t.app.ctx, 'busy', async () => 'next')).resolves.toBe('next');
    await tick();
    expect(pdfSlotsOf(t.app.ctx)).toMatchObject({ active: 0, waiting: 0 });
  });

  it('answers 429 with the caller’s message once twenty wait, and serves those already in line', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const holders = Array.from({ length: PDF_CONCURRENCY }, () => withPdfSlot(t.app.ctx, 'busy', () => gate));
    const waiting = Array.from({ length: PDF_MAX_WAITING }, (_, i) => withPdfSlot(t.app.ctx, 'busy', async () => i));
    expect(pdfSlotsOf(t.app.ctx)).toMatchObject({ active: PDF_CONCURRENCY, waiting: PDF_MAX_WAITING });
    const refused = await withPdfSlot(t.app.ctx, 'come back later', async () => 'late').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ httpStatus: 429, message: 'come back later' });
    open();
    await Promise.all(holders);
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: PDF_MAX_WAITING }, (_, i) => i));
  });
});
