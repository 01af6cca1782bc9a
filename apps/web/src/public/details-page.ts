import {
  API_STATUS,
  type DownloadRecord,
  decodeOrderRef,
  formatEst,
  MSG,
  type OrderStatus,
  PUBLIC_DOWNLOAD_DELAY_MS,
  PUBLIC_ROUTE,
  PUBLIC_STATUS_TEXT,
  PUBLIC_TRACK_TITLE,
} from '@eta/shared';
import { getDownloadHistory, recordDownload } from './api.ts';
import type { Chrome } from './chrome.ts';
import { h } from './dom.ts';
import { accessFor, clearAccess } from './session.ts';
import { TEXT } from './texts.ts';
import { showToast } from './toast.ts';

/** The customer's IANA time zone, recorded with each download (DESIGN §8). */
const browserTimeZone = (): string | null => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
};

function historyTable(rows: DownloadRecord[]): HTMLElement {
  const c = TEXT.columns;
  const head = h(
    'tr',
    {},
    ...[c.time, c.ip, c.timezone, c.browser, c.os].map((label) => h('th', { scope: 'col' }, label)),
  );
  const cell = (label: string, value: Node | string) => h('td', { 'data-label': label }, value);
  const body = rows.length
    ? rows.map((row) =>
        h(
          'tr',
          {},
          cell(c.time, h('time', { datetime: row.create_ts, title: row.create_ts }, formatEst(row.create_ts))),
          cell(c.ip, row.ip || '-'),
          cell(c.timezone, row.timezone ?? '-'),
          cell(c.browser, row.browser ?? '-'),
          cell(c.os, row.os ?? '-'),
        ),
      )
    : [h('tr', { class: 'pub-empty' }, h('td', { colspan: '5' }, MSG.noRecords))];
  return h('table', { class: 'pub-table' }, h('thead', {}, head), h('tbody', {}, ...body));
}

/** Starts the browser's download of a one-time link; the page stays where it is. */
function startDownload(url: string): void {
  const link = h('a', { href: url, download: '', hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * /get-new-order-details/{ref} (SPEC §2, §8, §9): the completion message, Download Now and the
 * Downloaded History. Without a valid access token the customer goes back to the track page.
 */
export async function renderDetailsPage(
  chrome: Chrome,
  ref: string,
  navigate: (path: string, replace?: boolean) => void,
): Promise<void> {
  document.title = PUBLIC_TRACK_TITLE;
  const backToTrack = () => {
    clearAccess();
    navigate(`${PUBLIC_ROUTE.trackOrder}/${ref}`, true);
  };
  const orderId = decodeOrderRef(ref);
  const token = orderId ? accessFor(orderId) : null;
  if (!orderId || !token) return backToTrack();

  chrome.main.replaceChildren(h('p', { class: 'pub-loading', role: 'status' }, TEXT.loading));
  let reply = await getDownloadHistory(orderId, token);
  if (reply.status === API_STATUS.unauthorized) {
    // The access has run out: the customer proves who they are again, and is told why.
    showToast('error', reply.message);
    return backToTrack();
  }
  if (reply.status !== API_STATUS.ok) {
    // Anything else (too many requests, the server or the network) passes: the access is kept and
    // the customer may try again from here.
    showToast('error', reply.message);
    const retry = h('button', { type: 'button', class: 'pub-button' }, TEXT.tryAgain);
    retry.addEventListener('click', () => void renderDetailsPage(chrome, ref, navigate));
    chrome.main.replaceChildren(h('section', { class: 'pub-card pub-card-narrow' }, h('p', {}, reply.message), retry));
    return;
  }

  const historySlot = h('div', { class: 'pub-table-wrap' }, historyTable(reply.data));
  const refresh = async () => {
    const next = await getDownloadHistory(orderId, token);
    if (next.status === 1) {
      reply = next;
      historySlot.replaceChildren(historyTable(next.data));
    }
  };

  const { mainResult, path } = reply;
  const button = h('button', { type: 'button', class: 'pub-button pub-button-download' }, TEXT.downloadNow);
  button.disabled = !path;
  button.addEventListener('click', async () => {
    const current = reply.path;
    if (!current) return;
    button.disabled = true;
    button.textContent = TEXT.downloading;
    const result = await recordDownload(
      {
        orderId,
        customername: current.customer_name ?? mainResult.full_name,
        file1: current.file1,
        timezone: browserTimeZone(),
      },
      token,
    );
    if (result.status === 1 && result.data) {
      const url = result.data.downloadUrl;
      showToast('success', result.message);
      // SPEC §9: the file download starts 1 second after a successful record.
      setTimeout(() => {
        startDownload(url);
        button.disabled = false;
        button.textContent = TEXT.downloadNow;
      }, PUBLIC_DOWNLOAD_DELAY_MS);
      await refresh();
      return;
    }
    // SPEC §8: a failed download is only logged; an expired access goes back to the track page.
    console.error('download failed', result.status, result.message);
    button.disabled = false;
    button.textContent = TEXT.downloadNow;
    if (result.status === API_STATUS.unauthorized) backToTrack();
  });

  const contact = h('a', { href: chrome.contactUrl(), 'data-contact': 'true' }, TEXT.contactSupport);
  const state = path ? 'ok' : mainResult.applicationRejected ? 'no' : 'wait';
  const intro = path
    ? [
        h('h1', { tabindex: '-1' }, TEXT.completedTitle),
        h('p', { class: 'pub-lead' }, TEXT.completedMessage(mainResult.full_name, mainResult.order_id)),
      ]
    : mainResult.applicationRejected
      ? [
          h('h1', { tabindex: '-1' }, TEXT.rejectedTitle),
          h('p', { class: 'pub-lead' }, `Order ID ${mainResult.order_id}. ${TEXT.rejectedMessage} `, contact, '.'),
        ]
      : [
          h('h1', { tabindex: '-1' }, TEXT.notReadyTitle),
          h('p', { class: 'pub-lead' }, `Order ID ${mainResult.order_id}. ${TEXT.notReadyMessage} `, contact, '.'),
        ];

  // DESIGN §25: where the order is, in the customer's words, and what we wait for from them
  const statusText = PUBLIC_STATUS_TEXT[mainResult.process_status as OrderStatus];
  const where = [
    ...(statusText ? [h('p', { class: 'pub-where', 'data-status': 'where' }, statusText)] : []),
    ...(mainResult.publicNote ? [h('p', { class: 'pub-note', role: 'note' }, mainResult.publicNote)] : []),
  ];

  chrome.main.replaceChildren(
    h(
      'section',
      { class: 'pub-card', 'aria-live': 'polite' },
      h(
        'div',
        { class: `pub-status pub-status-${state}`, 'aria-hidden': 'true' },
        { ok: '✓', no: '✕', wait: '…' }[state],
      ),
      ...intro,
      ...where,
      h('div', { class: 'pub-actions' }, button),
      h('h2', {}, TEXT.historyTitle),
      historySlot,
      h(
        'p',
        { class: 'pub-help' },
        h('a', { href: `${PUBLIC_ROUTE.trackOrder}/${ref}`, 'data-nav': 'true' }, TEXT.otherOrder),
      ),
    ),
  );
  // The form that had focus is gone: a keyboard or screen-reader user starts again at the page's title.
  chrome.main.querySelector<HTMLElement>('h1')?.focus();
}
