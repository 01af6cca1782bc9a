import { h } from './dom.ts';
import { TEXT } from './texts.ts';

/**
 * Toasts of the public pages: top-right, and, unlike the admin's, they never close by themselves
 * (SPEC §9); each has a close button. The container is the pages' one live region, polite
 * (DESIGN §24): a toast is content added to it, never an assertive alert of its own.
 */
let container: HTMLElement | null = null;

/** The live region; made with the page (`prepareToasts`), since one created with its first message is not heard. */
function host(): HTMLElement {
  if (!container?.isConnected) {
    container = h('div', { class: 'pub-toasts', 'aria-live': 'polite', 'aria-relevant': 'additions text' });
    document.body.append(container);
  }
  return container;
}

export function prepareToasts(): void {
  host();
}

/** Removes every toast: a page that moves on takes the last page's messages with it. */
export function clearToasts(): void {
  container?.replaceChildren();
}

/**
 * Shows a toast. The same message again replaces the one on screen instead of piling up over the
 * page: on a phone, four wrong tries would otherwise cover the form itself.
 */
export function showToast(kind: 'success' | 'error', message: string): HTMLElement {
  for (const shown of host().querySelectorAll('.pub-toast')) {
    if (shown.querySelector('.pub-toast-text')?.textContent === message) shown.remove();
  }
  const close = h('button', { type: 'button', class: 'pub-toast-close', 'aria-label': TEXT.closeToast }, '×');
  const toast = h(
    'div',
    { class: `pub-toast pub-toast-${kind}` },
    h('span', { class: 'pub-toast-icon', 'aria-hidden': 'true' }, kind === 'success' ? '✓' : '!'),
    h('p', { class: 'pub-toast-text' }, message),
    close,
  );
  close.addEventListener('click', () => toast.remove());
  host().append(toast);
  return toast;
}
