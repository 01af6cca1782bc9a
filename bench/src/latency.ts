import { STATUS } from '@eta/shared';
import { type Client, type Percentiles, percentiles } from './http.ts';
import { foldersFor, lastYear, type Session, savedViews, searchTerms } from './session.ts';

export interface LatencyFigure {
  key: string;
  label: string;
  stats: Percentiles | null;
  /** why there is no figure (a route not built yet) */
  missing?: string;
  /** not measured on purpose (a part this machine lacks, such as dovecot): not a missed budget */
  skipped?: boolean;
}

type Call = (i: number) => Promise<{ status: number; json: unknown; ms: number }>;

/**
 * `samples` calls one after another on one kept-alive connection, after a short warm-up. Any answer
 * other than 2xx stops the benchmark: a fast error is not a result.
 */
export async function sample(label: string, samples: number, call: Call): Promise<Percentiles> {
  const warmup = Math.max(5, Math.floor(samples / 10));
  const times: number[] = [];
  for (let i = 0; i < warmup + samples; i += 1) {
    const reply = await call(i);
    if (reply.status < 200 || reply.status >= 300) {
      throw new Error(`${label}: call ${i} answered ${reply.status}: ${JSON.stringify(reply.json).slice(0, 300)}`);
    }
    if (i >= warmup) times.push(reply.ms);
  }
  return percentiles(times);
}

const at = <T>(items: readonly T[], i: number): T => items[i % items.length] as T;

export async function measureLatencies(client: Client, session: Session, samples: number): Promise<LatencyFigure[]> {
  const figures: LatencyFigure[] = [];
  const token = session.actor.token;
  const add = async (key: string, label: string, call: Call, n = samples) => {
    figures.push({ key, label, stats: await sample(label, n, call) });
  };

  await add('counts', 'folder counts', () => client.call('GET', '/api/admin/get-folder-count', token));

  // Page 1 of every folder, as the sidebar opens them; one figure over all folders, one per folder.
  const all: number[] = [];
  const perFolder = Math.max(20, Math.floor(samples / 3));
  for (const folder of foldersFor(session.actor.type)) {
    const stats = await sample(`list ${folder.name}`, perFolder, () =>
      client.call('GET', `/api/admin/get-orders-list/${folder.name}?page=1&limit=10`, token),
    );
    figures.push({ key: `list:${folder.name}`, label: `list page 1: ${folder.label}`, stats });
    all.push(stats.p50, stats.p95, stats.p99);
  }
  const lists = figures.filter((f) => f.key.startsWith('list:')).map((f) => f.stats as Percentiles);
  figures.push({
    key: 'list-first',
    label: `list page 1 (all ${lists.length} folders)`,
    stats: {
      p50: Math.max(...lists.map((s) => s.p50)),
      p95: Math.max(...lists.map((s) => s.p95)),
      p99: Math.max(...lists.map((s) => s.p99)),
      max: Math.max(...lists.map((s) => s.max)),
      count: lists.reduce((n, s) => n + s.count, 0),
    },
  });
  await add('list-deep-all', 'list page 1,000: Order History', () =>
    client.call('GET', '/api/admin/get-orders-list/allorder?page=1000&limit=10', token),
  );
  await add('list-deep-completed', 'list page 1,000: Completed', () =>
    client.call('GET', '/api/admin/get-orders-list/completedorder?page=1000&limit=10', token),
  );

  // DESIGN §23, §27: a filtered page and a saved view's count (a folder's count under filters), over
  // the filters staff save as views, one of each in turn.
  const views = savedViews();
  await add('list-filtered', 'filtered list page 1 (8 filters in turn)', (i) => {
    const [folder, filter] = at(views, i);
    return client.call('GET', `/api/admin/get-orders-list/${folder}?page=1&limit=10&${filter}`, token);
  });
  await add('view-count', "saved view's count (8 filters in turn)", (i) => {
    const [folder, filter] = at(views, i);
    return client.call('GET', `/api/admin/get-folder-count?folder=${folder}&${filter}`, token);
  });

  const terms = searchTerms(session);
  const search = (values: string[]) => (i: number) =>
    client.call('POST', '/api/admin/search-order', token, {
      start: 0,
      end: 10,
      searchVal: at(values, i),
      folderName: 'allorder',
    });
  await add('search-id', 'search Order History: order id', search(terms.orderId));
  await add('search-email', 'search Order History: email fragment', search(terms.email));
  await add('search-surname', 'search Order History: surname', search(terms.surname));

  // DESIGN §23/§27: Find anything, every order, ten at most, with its total
  const find = (values: string[]) => (i: number) =>
    client.call('GET', `/api/admin/find?q=${encodeURIComponent(at(values, i))}&limit=10`, token);
  await add('find-id', 'find: order id', find(terms.orderId));
  await add('find-email', 'find: email', find(session.sample.map((s) => s.email)));
  await add('find-surname', 'find: surname', find(terms.surname.filter((s) => s.length >= 3)));

  await add('detail', 'order detail', (i) =>
    client.call(
      'GET',
      `/api/admin/get-orders-details/${encodeURIComponent(at(session.sample, i * 7).order_id)}`,
      token,
    ),
  );

  // Assign then unassign the same free order: each call is one sample of its own figure.
  const assign: number[] = [];
  const unassign: number[] = [];
  for (let i = 0; i < samples + 10; i += 1) {
    const orderId = [at(session.freeNew, i)];
    const a = await client.call('PUT', '/api/admin/assign-order-status', token, { orderId });
    const u = await client.call('PUT', '/api/admin/unassign-order', token, { orderId });
    if (a.status !== 200 || u.status !== 200) throw new Error(`assign/unassign answered ${a.status}/${u.status}`);
    if (i >= 10) {
      assign.push(a.ms);
      unassign.push(u.ms);
    }
  }
  figures.push({ key: 'assign', label: 'assign to me (1 order)', stats: percentiles(assign) });
  figures.push({ key: 'unassign', label: 'move to original folder (1 order)', stats: percentiles(unassign) });

  // A move from the detail screen and back: Awaiting ⇄ Contact Customer, both timed.
  const moves: number[] = [];
  const other = (status: string) => (status === STATUS.Awaiting ? STATUS.ContactCustomer : STATUS.Awaiting);
  for (let i = 0; i < samples / 2 + 5; i += 1) {
    const order = at(session.movable, i);
    for (const updatingStatus of [other(order.status), order.status]) {
      const reply = await client.call('PUT', '/api/admin/move-order-status', token, {
        orderId: order.orderId,
        updatingStatus,
      });
      if (reply.status !== 200) throw new Error(`move answered ${reply.status}: ${JSON.stringify(reply.json)}`);
      if (i >= 5) moves.push(reply.ms);
    }
  }
  figures.push({ key: 'move', label: 'status move (detail screen)', stats: percentiles(moves) });

  // DESIGN §20: a defence pack p95 ≤ 2 s. Pack 1, the full one, of Completed orders: the dataset's
  // documents have rows but no files, so each pack carries the notice page in the document's place.
  const completed = await client.call('GET', '/api/admin/get-orders-list/completedorder?page=1&limit=50', token);
  const packOrders = (completed.json?.data ?? []).map((row: { order_id: string }) => row.order_id) as string[];
  if (packOrders.length > 0) {
    await add(
      'pack',
      'defence pack 1 (PDF)',
      (i) =>
        client.call('POST', '/api/admin/get-defence-pack-pdf', token, {
          orderId: at(packOrders, i),
          defencePackType: 1,
        }),
      Math.max(20, Math.floor(samples / 10)),
    );
  }

  const year = lastYear();
  for (const [key, label, path] of [
    ['report-country', 'country report, one year', '/api/admin/get-country-order-count'],
    ['report-processed', 'processed-by report, one year', '/api/admin/get-processed-by-count'],
  ] as const) {
    if (!session.reports) {
      figures.push({ key, label, stats: null, missing: 'route not built yet' });
      continue;
    }
    await add(key, label, () => client.call('POST', path, session.manager.token, year), Math.max(20, samples / 4));
  }
  return figures;
}

export async function measureBare(client: Client, samples: number): Promise<LatencyFigure> {
  return {
    key: 'bare',
    label: 'bare Fastify route',
    stats: await sample('bare', samples, () => client.call('GET', '/bare')),
  };
}
