import './public.css';
import { PUBLIC_ROUTE, PUBLIC_TRACK_TITLE } from '@eta/shared';
import { h } from './dom.ts';

/** SPEC §9: copyright year on the public footer. */
const COPYRIGHT_YEAR = 2025;

/**
 * Entry of the customer pages (/track-order/{ref}, /get-new-order-details/{ref}).
 * Placeholder: the public-pages issue adds the track form, the download page and the site-specific chrome.
 */
function render(root: HTMLElement): void {
  const onDownloadPage = window.location.pathname.startsWith(PUBLIC_ROUTE.getNewOrderDetails);
  document.title = PUBLIC_TRACK_TITLE;
  root.replaceChildren(
    h('header', { class: 'pub-header' }, h('span', { class: 'pub-logo', 'aria-hidden': 'true' }, 'eTA'), 'eTA Desk'),
    h(
      'main',
      { class: 'pub-main' },
      h(
        'section',
        { class: 'pub-card' },
        h('h1', {}, PUBLIC_TRACK_TITLE),
        h(
          'p',
          {},
          onDownloadPage
            ? 'Your application details will appear here.'
            : 'Enter your order ID and email address to download your approved eTA.',
        ),
        h('p', { class: 'pub-muted' }, 'This page is being prepared.'),
      ),
    ),
    h('footer', { class: 'pub-footer' }, `© ${COPYRIGHT_YEAR}. All rights reserved.`),
  );
}

const root = document.getElementById('root');
if (root) render(root);
