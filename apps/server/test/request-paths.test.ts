import { Session } from 'node:inspector/promises';
import { AUTH_CONTRACTS, DETAIL_CONTRACTS, ORDERS_CONTRACTS, ROLE } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFile, uploadDocument } from './detail-fixtures.ts';
import { buildOrder, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, type Member, type TestApp } from './test-app.ts';

/*
 * How many of the modules' files a request runs through (issue 32, "fewer hops";
 * docs/decisions/0357-a-request-s-path-is-measured.md). Measured, not read: V8's precise
 * coverage counts the functions each request calls, and the files they sit in under
 * apps/server/src/modules/ are its path. What every request crosses (the staff guard, the session,
 * the database handle, the envelope) lives outside modules/ and is left out. A path that grows past
 * its budget is a choice to make in review, with the budget here raised beside it.
 */

/** the guard's own path, which every staff request crosses: taken away from each path below */
const BASELINE = 'GET user_info';

/**
 * Each path as measured on SQLite when this test was written: route, service, strategy or
 * repository (3 to 4 deep, as immich's controller → service → repository), widened by what the
 * request is about (the detail reads six parts of an order that four modules own; the upload
 * stores a file, queues its mail rendered from a template, and logs its event) and by the live
 * fan-out that follows every change (live/hub.ts, live/live-transport.ts, the counts it sends).
 */
const BUDGET = {
  'PUT assign-order-status': 9,
  'GET get-folder-count': 3,
  'GET get-orders-details': 9,
  'POST upload-visa-document': 17,
} as const;
type Request = keyof typeof BUDGET | typeof BASELINE;

// a module's index.ts only re-exports (vitest's module runner reads each name through a getter)
const inModules = (url: string) => /\/apps\/server\/src\/modules\//.test(url) && !url.endsWith('/index.ts');
const shortName = (url: string) => url.replace(/^.*\/apps\/server\/src\/modules\//, '');

describe('a request runs through a handful of the modules’ files', () => {
  let t: TestApp;
  let tara: Member;
  let orders: string[];
  const inspector = new Session();
  const paths = new Map<Request, string[]>();

  /** The module files whose functions ran during `request` (once warm: first-call setup is not the path). */
  async function pathOf(name: Request, request: () => Promise<unknown>) {
    await request();
    await inspector.post('Profiler.takePreciseCoverage');
    await request();
    const { result } = await inspector.post('Profiler.takePreciseCoverage');
    const files = result
      .filter((script) => inModules(script.url))
      // counts start again at each take: a function counted here ran during the request (a function
      // V8 does not list apart is counted in the one around it, as far up as the file's top level)
      .filter((script) => script.functions.some((f) => (f.ranges[0]?.count ?? 0) > 0))
      .map((script) => shortName(script.url));
    paths.set(name, [...new Set(files)].sort());
  }

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { INGEST_API_KEY: INGEST_KEY });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    orders = (await seedOrders(
      t,
      Array.from({ length: 6 }, () => buildOrder({})),
    )) as string[];
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await pathOf(BASELINE, () => call(t, 'GET', `/api${AUTH_CONTRACTS.userInfo.path}`, tara.token));
    const assign = (orderId: string) =>
      call(t, ORDERS_CONTRACTS.assign.method, `/api${ORDERS_CONTRACTS.assign.path}`, tara.token, {
        orderId: [orderId],
        assignto: tara.name,
      });
    let n = 0;
    await pathOf('PUT assign-order-status', () => assign(orders[n++] as string));
    await pathOf('GET get-folder-count', () => call(t, 'GET', `/api${ORDERS_CONTRACTS.folderCounts.path}`, tara.token));
    await pathOf('GET get-orders-details', () =>
      call(t, 'GET', `/api${DETAIL_CONTRACTS.detail.path.replace(':orderId', orders[0] as string)}`, tara.token),
    );
    // each upload on an order of its own, held by the uploader (assigned before the measured part)
    await assign(orders[4] as string);
    await assign(orders[5] as string);
    let u = 4;
    await pathOf('POST upload-visa-document', async () => {
      const reply = await uploadDocument(
        t,
        tara.token,
        { orderId: orders[u++] as string, email: 'applicant@example.test', mailServiceProvider: 'cloud' },
        pdfFile(),
      );
      if (reply.statusCode !== 201) throw new Error(reply.body);
    });
  });
  afterAll(async () => {
    await inspector.post('Profiler.stopPreciseCoverage');
    inspector.disconnect();
    await t.close();
  });

  it.each(Object.entries(BUDGET) as [keyof typeof BUDGET, number][])('%s: at most %i files', (name, budget) => {
    const every = new Set(paths.get(BASELINE));
    const files = (paths.get(name) ?? []).filter((file) => !every.has(file));
    // the handler's own file is always on the path: an empty list means nothing was measured
    expect(files.length, files.join('\n')).toBeGreaterThan(0);
    expect(files.length, files.join('\n')).toBeLessThanOrEqual(budget);
  });
});
