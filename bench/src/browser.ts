import { existsSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_ROUTE, decodeOrderRef, type FolderDef, folderRoute } from '@eta/shared';
import { type Browser, chromium, type Locator, type Page } from 'playwright';
import { ROOT } from './bundle.ts';
import { type Percentiles, percentiles } from './http.ts';
import { foldersFor, type Session } from './session.ts';

/** DESIGN §20: two screens timed in a real Chromium, at p95. */
export interface BrowserFigure {
  key: 'folder-click' | 'order-view';
  label: string;
  stats: Percentiles | null;
  /** why there is no figure (no browser, a step that failed) */
  missing?: string;
}

export const BROWSER_LABELS = {
  'folder-click': 'browser: sidebar folder click → rows painted',
  'order-view': 'browser: View → order detail painted',
} as const;

/**
 * The page's globals the marker uses, typed here: the bench compiles without the DOM library, which
 * would also change Node's own types (fetch bodies) for the server's tests that import the bench.
 */
interface InPage {
  document: { body: unknown; querySelector(selector: string): InPageElement | null };
  location: { pathname: string };
  addEventListener(type: 'click', listener: () => void, options: { capture: boolean; once: boolean }): void;
  requestAnimationFrame(callback: () => void): number;
  MutationObserver: new (
    callback: () => void,
  ) => { observe(target: unknown, options: Record<string, boolean>): void; disconnect(): void };
  __benchPainted?: Promise<number>;
}
interface InPageElement {
  textContent: string | null;
  /** a button's */
  disabled?: boolean;
  getAttribute(name: string): string | null;
  querySelector(selector: string): InPageElement | null;
}

/** What the page must show once the click has done its work. */
type Wanted = { kind: 'queue'; path: string; title: string } | { kind: 'detail'; path: string; orderId: string };

/**
 * Runs inside the page (Playwright sends its source, so it names nothing from outside), right
 * before the click. It times from the click (a capture listener on window: before React's own) to
 * the first frame painted once the wanted screen is in the DOM and done:
 * - a queue: its heading is the folder's, the table is no longer busy (`aria-busy`, which covers
 *   the first load and a refetch over rows already shown) and its body has rows (or says it has none);
 * - an order detail: its heading carries the order id, its Order Details and (last) Comment History
 *   sections are there and its Refresh is enabled again (no read under way); the passport images
 *   that load afterwards into their section are not waited for.
 * Done only counts once the screen was seen busy after the click: a reply cached from an earlier
 * round (RTK Query keeps one a minute, and reads afresh on mount) must not pass for the fresh rows.
 * (In practice the app mounts the table already busy: every sample went busy, then done.)
 * The marker: a MutationObserver sees the DOM reach that state; requestAnimationFrame then runs
 * just before the next frame's style, layout and paint, and a macrotask queued from it runs once
 * that frame has been painted and handed to the compositor. So the figure includes the wait for
 * the next frame (up to 16.7 ms at 60 Hz), as for a person looking at the screen.
 */
function arm(wanted: Wanted): void {
  const { document, location, MutationObserver, requestAnimationFrame } = globalThis as unknown as InPage;
  let clickAt = -1;
  let seenBusy = false;
  (globalThis as unknown as InPage).addEventListener(
    'click',
    () => {
      clickAt = performance.now();
    },
    { capture: true, once: true },
  );
  const state = (): 'other' | 'busy' | 'done' => {
    if (location.pathname !== wanted.path) return 'other';
    if (wanted.kind === 'queue') {
      if (document.querySelector('.page-header h1')?.textContent?.trim() !== wanted.title) return 'other';
      const scroll = document.querySelector('.queue-scroll');
      if (!scroll) return 'other';
      if (scroll.getAttribute('aria-busy') === 'true') return 'busy';
      return scroll.querySelector('table.queue-table tbody tr') ? 'done' : 'other';
    }
    if (document.querySelector('main.admin-main > [role="status"]')) return 'busy';
    const refresh = document.querySelector('.order-header-actions button');
    if (refresh?.disabled) return 'busy';
    const title = document.querySelector('.order-header h1')?.textContent ?? '';
    const sections = document.querySelector('#order-details') && document.querySelector('#comment-history');
    return refresh && sections && title.includes(wanted.orderId) ? 'done' : 'other';
  };
  (globalThis as unknown as InPage).__benchPainted = new Promise((resolve, reject) => {
    const check = () => {
      if (clickAt < 0) return;
      const now = state();
      if (now === 'busy') seenBusy = true;
      if (now !== 'done' || !seenBusy) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - clickAt), 0));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`${location.pathname}: not done 30 s after the click (${state()}, seen busy: ${seenBusy})`));
    }, 30_000);
  });
}

/** Clicks `target` and answers the milliseconds, measured in the page, to the wanted screen painted. */
async function timedClick(page: Page, target: Locator, wanted: Wanted): Promise<number> {
  await page.evaluate(arm, wanted);
  await target.click();
  return page.evaluate(() => (globalThis as unknown as InPage).__benchPainted as Promise<number>);
}

/**
 * How many samples, from `--samples` (200 in the real run): folder clicks in whole rounds of the
 * member's folders (at least 3, at most 8) after a warm-up round; order views (at least 20, at most
 * 40) after three warm-up views. At 200 that is 8 rounds of 15 clicks and 25 views, each view with
 * about four untimed clicks around it: some 280 clicks, 48 s on this machine (20,000 orders).
 */
export function browserPlan(samples: number, folders: number): { rounds: number; views: number } {
  return {
    rounds: Math.min(8, Math.max(3, Math.round((samples * 0.6) / Math.max(folders, 1)))),
    views: Math.min(40, Math.max(20, Math.floor(samples / 8))),
  };
}

const WARMUP_VIEWS = 3;
/** a folder must fill this many pages of 10 rows for its orders to be viewed */
const VIEW_PAGES = 3;

/**
 * DESIGN §20 in a real Chromium (Debian's, never a downloaded one), signed in as the session's
 * Team member through the stored session the web app reads (apps/web/src/lib/session.ts: `user` in
 * localStorage holding { accessToken }). Every figure is from one page that stays open, as a
 * member works: chunks load in the warm-ups and stay.
 */
export async function measureBrowser(port: number, session: Session, samples: number): Promise<BrowserFigure[]> {
  const notMeasured = (missing: string): BrowserFigure[] =>
    (['folder-click', 'order-view'] as const).map((key) => ({ key, label: BROWSER_LABELS[key], stats: null, missing }));
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) return notMeasured('web app not built');
  const folders = foldersFor(session.actor.type);
  const plan = browserPlan(samples, folders.length);
  const started = Date.now();
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${port}`,
      viewport: { width: 1366, height: 900 },
    });
    await context.addInitScript((token) => {
      // init scripts run in every frame too: a mail's sandboxed frame has no storage, and needs none
      const top = globalThis as unknown as { self: unknown; top: unknown };
      if (top.self !== top.top) return;
      const { localStorage } = globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } };
      localStorage.setItem('user', JSON.stringify({ accessToken: token }));
    }, session.actor.token);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(ADMIN_ROUTE.dashboard);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const link = (folder: FolderDef) => menu.locator(`a[href="${folderRoute(folder.path)}"]`);
    const queue = (folder: FolderDef): Wanted => ({
      kind: 'queue',
      path: folderRoute(folder.path),
      title: folder.title,
    });

    // 1. each folder in sidebar order, round after round; the first round loads the chunks
    const clicks: number[] = [];
    for (let round = 0; round <= plan.rounds; round += 1) {
      for (const folder of folders) {
        const ms = await timedClick(page, link(folder), queue(folder));
        if (round > 0) clicks.push(ms);
      }
    }

    // 2. View on orders of several folders and pages: the folder and the page are opened (not
    // timed), View is timed, Back returns to the queue (not timed). Consecutive views are in
    // different folders where there are two, so the folder link always opens a fresh queue; the
    // folder, the page and the row change from one view to the next, so no order repeats soon.
    const full = folders.filter((f) => (session.counts[f.countField] ?? 0) >= VIEW_PAGES * 10);
    if (full.length === 0) throw new Error('no folder holds enough orders to view');
    const views: number[] = [];
    const dashboard = menu.locator(`a[href="${ADMIN_ROUTE.dashboard}"]`);
    for (let i = 0; i < WARMUP_VIEWS + plan.views; i += 1) {
      const folder = full[i % full.length] as FolderDef;
      if (full.length === 1) {
        // a folder link to the queue on screen would not open it afresh
        await dashboard.click();
        await page.waitForURL((url) => url.pathname === ADMIN_ROUTE.dashboard);
      }
      await timedClick(page, link(folder), queue(folder));
      const pageNo = 1 + (Math.floor(i / full.length) % VIEW_PAGES);
      for (let p = 2; p <= pageNo; p += 1)
        await timedClick(page, page.locator(`.queue-pagination [aria-label="Page ${p}"]`), queue(folder));
      // another member's order in New, Priority or Process March shows a disabled View: links only
      const viewLinks = page.locator('table.queue-table tbody').getByRole('link', { name: 'View', exact: true });
      const count = await viewLinks.count();
      if (count === 0) throw new Error(`${folder.label} page ${pageNo}: no order to view`);
      const view = viewLinks.nth((i * 3) % count);
      const href = (await view.getAttribute('href')) ?? '';
      const orderId = decodeOrderRef(href.split('/').pop() ?? '') ?? '';
      const ms = await timedClick(page, view, { kind: 'detail', path: href, orderId });
      if (i >= WARMUP_VIEWS) views.push(ms);
      await timedClick(page, page.getByRole('button', { name: '← Back' }), queue(folder));
    }
    if (pageErrors.length > 0) console.log(`  page errors: ${pageErrors.slice(0, 3).join('; ')}`);
    console.log(
      `  ${clicks.length} folder clicks and ${views.length} views timed in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    await context.close();
    return [
      { key: 'folder-click', label: BROWSER_LABELS['folder-click'], stats: percentiles(clicks) },
      { key: 'order-view', label: BROWSER_LABELS['order-view'], stats: percentiles(views) },
    ];
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.log(`  browser figures not measured: ${message}`);
    return notMeasured(message ?? 'failed');
  } finally {
    await browser?.close();
  }
}
