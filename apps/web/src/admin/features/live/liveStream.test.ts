// @vitest-environment jsdom
// (the stream's URL is relative to the page, and the fake server answers it through msw there)
import { API_STATUS, LIVE_API, type LiveEvent } from '@eta/shared';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeServer } from '../../../test/fakeServer.ts';
import { startLiveStream } from './liveStream.ts';

let stop = () => {};
afterEach(() => stop());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stream started against the server being served, with what it told its owner. */
function follow(
  waits: { firstMs: number; maxMs: number; silenceMs: number },
  token: () => string | null = () => 'tok-1',
) {
  const seen = { events: [] as LiveEvent[], opens: [] as boolean[], closed: 0, unauthorized: [] as string[] };
  stop = startLiveStream({
    token,
    onEvent: (event) => seen.events.push(event),
    onOpen: (again) => seen.opens.push(again),
    onClosed: () => (seen.closed += 1),
    onUnauthorized: (message) => seen.unauthorized.push(message),
    waits,
  });
  return seen;
}

const QUICK = { firstMs: 20, maxMs: 100, silenceMs: 10_000 };

describe('the live stream (DESIGN §18)', () => {
  it('opens with the stored token, passes each event on, and opens again after a lost stream, saying so', async () => {
    const server = new FakeServer().serve();
    const seen = follow(QUICK);
    await waitFor(() => expect(seen.opens).toEqual([false]));
    expect(server.calls(LIVE_API.stream)[0]?.authorization).toBe('tok-1');
    expect(seen.events.map((e) => e.event)).toEqual(['ready']);

    server.pushLive('counts', { newOrdersCount: 3 });
    await waitFor(() => expect(seen.events.at(-1)).toEqual({ event: 'counts', data: { newOrdersCount: 3 } }));

    server.dropLive();
    await waitFor(() => expect(seen.opens).toEqual([false, true]));
    expect(seen.closed).toBe(1);
    expect(server.calls(LIVE_API.stream)).toHaveLength(2);

    // stopped: closed, and never opened again
    stop();
    await waitFor(() => expect(seen.closed).toBe(2));
    await waitFor(() => expect(server.liveOpen).toBe(0));
    await pause(100);
    expect(server.calls(LIVE_API.stream)).toHaveLength(2);
  });

  it('stops for good on a 401, passing on the server’s message', async () => {
    const server = new FakeServer()
      .on(LIVE_API.stream, { http: 401, envelope: { status: API_STATUS.unauthorized, message: 'Session ended' } })
      .serve();
    const seen = follow(QUICK);
    await waitFor(() => expect(seen.unauthorized).toEqual(['Session ended']));
    await pause(150);
    expect(server.calls(LIVE_API.stream)).toHaveLength(1);
    expect(seen).toMatchObject({ opens: [], closed: 0, unauthorized: ['Session ended'] });
  });

  it('connects only while there is a token', async () => {
    const server = new FakeServer().serve();
    let token: string | null = 'tok-1';
    const seen = follow(QUICK, () => token);
    await waitFor(() => expect(seen.opens).toEqual([false]));
    token = null;
    server.dropLive();
    await waitFor(() => expect(seen.closed).toBe(1));
    await pause(150);
    expect(server.calls(LIVE_API.stream)).toHaveLength(1);
  });

  it('tries a refused stream again after the first wait, doubling up to the longest', async () => {
    const server = new FakeServer();
    const at: number[] = [];
    server
      .on(LIVE_API.stream, () => {
        at.push(performance.now());
        return { http: 503, envelope: { status: API_STATUS.fail, message: 'Busy' } };
      })
      .serve();
    // waits 50, 100, 200, then 200 (the longest) each: each retry comes after half to all of its wait
    follow({ firstMs: 50, maxMs: 200, silenceMs: 10_000 });
    await waitFor(() => expect(at).toHaveLength(6), { timeout: 5_000 });
    const gaps = at.slice(1).map((t, i) => t - (at[i] as number));
    for (const [i, least] of [25, 50, 100, 100, 100].entries()) expect(gaps[i]).toBeGreaterThanOrEqual(least - 2);
    // capped: without the longest, the fifth wait would be 800, so 400 at least
    expect(gaps[4]).toBeLessThan(390);
  });

  it('counts a stream silent past two heartbeats as lost; heartbeats keep it open', async () => {
    const server = new FakeServer().serve();
    const seen = follow({ firstMs: 20, maxMs: 100, silenceMs: 400 });
    await waitFor(() => expect(seen.opens).toEqual([false]));
    for (let i = 0; i < 10; i += 1) {
      await pause(50);
      server.pingLive();
    }
    expect(server.calls(LIVE_API.stream)).toHaveLength(1);
    expect(seen.closed).toBe(0);

    // then nothing: lost after the silence, and opened again
    await waitFor(() => expect(seen.opens).toEqual([false, true]), { timeout: 3_000 });
    expect(seen.closed).toBe(1);
    expect(server.calls(LIVE_API.stream)).toHaveLength(2);
  });
});
