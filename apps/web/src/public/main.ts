// The public pages' styles, in cascade order: a later file may override an earlier one.
import './styles/base.css';
import './styles/chrome.css';
import './styles/content.css';
import './styles/history.css';
import './styles/footer-toasts.css';
import './styles/focus-notes.css';
import { PUBLIC_ROUTE } from '@eta/shared';
import { getBranding } from './api.ts';
import { renderChrome } from './chrome.ts';
import { renderDetailsPage } from './details-page.ts';
import { prepareToasts } from './toast.ts';
import { renderTrackPage } from './track-page.ts';

/**
 * Entry of the customer pages: /track-order/{ref} and /get-new-order-details/{ref}. One document
 * for both; moving between them keeps the page (and its toasts, which never close by themselves).
 */
function refOf(pathname: string): string {
  return decodeURIComponent(pathname.split('/')[2] ?? '');
}

function start(root: HTMLElement): void {
  const chrome = renderChrome(root);
  prepareToasts();
  let brandedRef: string | null = null;
  const brandFor = (ref: string) => {
    if (ref === brandedRef) return;
    brandedRef = ref;
    getBranding(ref).then((reply) => {
      if (reply.status === 1 && reply.data && ref === brandedRef) chrome.brand(reply.data);
    });
  };

  const route = () => {
    const { pathname } = window.location;
    const ref = refOf(pathname);
    brandFor(ref);
    if (pathname.startsWith(`${PUBLIC_ROUTE.getNewOrderDetails}/`)) void renderDetailsPage(chrome, ref, navigate);
    else renderTrackPage(chrome, ref, navigate);
    window.scrollTo(0, 0);
  };
  /** In-page navigation; `replace` for redirects, so Back does not return to a page that redirects. */
  const navigate = (path: string, replace = false) => {
    if (replace) window.history.replaceState(null, '', path);
    else window.history.pushState(null, '', path);
    route();
  };
  window.addEventListener('popstate', route);
  root.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-nav]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(link.pathname);
  });
  route();
}

const root = document.getElementById('root');
if (root) start(root);
