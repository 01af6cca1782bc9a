/// <reference path="./autocannon.d.ts" />
import autocannon from 'autocannon';
import type { Session } from './session.ts';

/*
 * DESIGN §27: a staff route's throughput as a share of a bare Fastify route's, both under the same
 * concurrent load in the same run. A ratio holds whatever the host: a change that costs something
 * on every request shows as a lower ratio on a fast machine and a slow one alike (issue 37 measured
 * part two's cost this way: folder counts 0.22 → 0.12 of a bare route).
 */

/** as issue 37's table was measured: 10 connections, 8 s a run */
export const RATIO_CONNECTIONS = 10;
export const RATIO_SECONDS = 8;

export interface RatioRoute {
  key: string;
  label: string;
  /** the least share of the bare route's throughput on SQLite (DESIGN §27); null: reported only */
  sqliteBudget: number | null;
  /** the request of the n-th call (the detail turns over the sample: each view is its own order) */
  path(session: Session, n: number): string;
}

export const RATIO_ROUTES: readonly RatioRoute[] = [
  { key: 'counts', label: 'folder counts', sqliteBudget: 0.2, path: () => '/api/admin/get-folder-count' },
  {
    key: 'list',
    label: 'New Orders, page 1',
    sqliteBudget: 0.15,
    path: () => '/api/admin/get-orders-list/newOrder?page=1&limit=10',
  },
  {
    key: 'detail',
    label: 'order detail',
    sqliteBudget: 0.1,
    path: (session, n) => {
      const order = session.sample[n % session.sample.length];
      if (!order) throw new Error('the session has no sample orders');
      return `/api/admin/get-orders-details/${encodeURIComponent(order.order_id)}`;
    },
  },
  {
    key: 'deep',
    label: 'Completed Orders, page 1,000',
    sqliteBudget: null,
    path: () => '/api/admin/get-orders-list/completedorder?page=1000&limit=10',
  },
];

export interface RatioFigure {
  key: string;
  label: string;
  sqliteBudget: number | null;
  requestsPerSecond: number;
  errors: number;
  /** the bare route's throughput: the mean of its runs just before and just after this route's */
  bareRequestsPerSecond: number;
  ratio: number;
}

interface Run {
  requestsPerSecond: number;
  errors: number;
}

async function load(port: number, seconds: number, next: () => { path: string; headers: Record<string, string> }) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: RATIO_CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [{ setupRequest: () => ({ method: 'GET', ...next() }) }],
  });
  return {
    requestsPerSecond: result.requests.total / result.duration,
    errors: result.errors + result.timeouts + result.non2xx,
  } satisfies Run;
}

/**
 * Each route, alternated with the bare route on the same load (bare, route, bare, route, …, bare),
 * so a host that slows down during the run slows both sides of each ratio alike. The caller is the
 * Manager, who may open every folder measured.
 */
export async function measureRatios(
  session: Session,
  ports: { server: number; bare: number },
  seconds = RATIO_SECONDS,
): Promise<RatioFigure[]> {
  const bare = () => load(ports.bare, seconds, () => ({ path: '/bare', headers: {} }));
  const figures: RatioFigure[] = [];
  let before = await bare();
  for (const route of RATIO_ROUTES) {
    let n = 0;
    const run = await load(ports.server, seconds, () => ({
      path: route.path(session, n++),
      headers: { authorization: session.manager.token },
    }));
    const after = await bare();
    const bareRequestsPerSecond = (before.requestsPerSecond + after.requestsPerSecond) / 2;
    figures.push({
      key: route.key,
      label: route.label,
      sqliteBudget: route.sqliteBudget,
      requestsPerSecond: run.requestsPerSecond,
      errors: run.errors,
      bareRequestsPerSecond,
      ratio: run.requestsPerSecond / bareRequestsPerSecond,
    });
    before = after;
  }
  return figures;
}
