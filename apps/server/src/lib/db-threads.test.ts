import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { createThreadPool } from './db-threads.ts';

interface EchoMethods {
  echo(value: unknown): Promise<unknown>;
  refuse(message: string): Promise<never>;
  busy(): Promise<never>;
  slow(ms: number): Promise<string>;
}

describe('thread pool (db-threads.ts)', () => {
  const pool = createThreadPool<EchoMethods>(new URL('../../test/fixtures/echo-thread.ts', import.meta.url), {}, 2);
  afterAll(() => pool.close());

  it('answers calls by name with cloned values, spreading them over its threads', async () => {
    const value = { when: new Date('2026-01-02T03:04:05Z'), list: [1, 'two', null] };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => pool.call('echo', { ...value, i })));
    expect(answers.map((a) => (a as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(answers[0]).toEqual({ ...value, i: 0 });
    expect(pool.running()).toHaveLength(2);
  });

  it('carries an AppError across with its status and data, and a driver error with its code', async () => {
    const refused = await pool.call('refuse', 'Held by Nina').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ httpStatus: 409, message: 'Held by Nina', data: { holder: 'Nina' } });
    const busy = await pool.call('busy').catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(Error);
    expect(busy).not.toBeInstanceOf(AppError);
    expect(busy).toMatchObject({ message: 'database is locked', code: 'SQLITE_BUSY' });
  });

  it('refuses arguments that cannot be cloned without losing track of the call', async () => {
    await expect(pool.call('echo', () => 1)).rejects.toThrow();
    expect(await pool.call('echo', 'still here')).toBe('still here');
  });

  it('fails the calls waiting on a thread that dies, and starts a new one on the next call', async () => {
    const before = pool.running();
    // both threads get one slow call each, sent before either thread can answer
    const outcome = (call: Promise<unknown>) =>
      call.then(
        () => 'answered',
        (error: Error) => error.message,
      );
    // settled as they come, so no failure waits unheard while the other thread stops
    const waiting = [outcome(pool.call('slow', 5_000)), outcome(pool.call('slow', 5_000))];
    await Promise.all(before.map((worker) => worker.terminate()));
    expect(await Promise.all(waiting)).toEqual([expect.stringMatching(/stopped/), expect.stringMatching(/stopped/)]);
    expect(pool.running()).toHaveLength(0);
    expect(await pool.call('echo', 'again')).toBe('again');
    expect(pool.running()).toHaveLength(1);
    expect(before).not.toContain(pool.running()[0]);
  });

  it('refuses calls once closed', async () => {
    const closed = createThreadPool<EchoMethods>(new URL('../../test/fixtures/echo-thread.ts', import.meta.url), {}, 1);
    expect(await closed.call('echo', 1)).toBe(1);
    await closed.close();
    expect(closed.running()).toHaveLength(0);
    await expect(closed.call('echo', 1)).rejects.toThrow(/closed/);
  });
});
