import { describe, expect, it } from 'vitest';
import { createSemaphore, SemaphoreFullError } from './semaphore.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('createSemaphore', () => {
  it('runs at most `limit` tasks at once, in arrival order, and every task completes', async () => {
    const slots = createSemaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        slots.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          order.push(i);
          await tick();
          running -= 1;
          return i * 10;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(slots.active).toBe(0);
    expect(slots.waiting).toBe(0);
  });

  it('frees the slot when a task throws', async () => {
    const slots = createSemaphore(1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
    expect(slots.active).toBe(0);
  });

  it('refuses a caller when the line is full', async () => {
    const slots = createSemaphore(1, 1);
    let release = () => {};
    const first = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = slots.run(async () => 'second');
    await expect(slots.run(async () => 'third')).rejects.toBeInstanceOf(SemaphoreFullError);
    release();
    await first;
    await expect(second).resolves.toBe('second');
  });
});
