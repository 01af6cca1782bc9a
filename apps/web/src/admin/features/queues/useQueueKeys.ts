import { useShortcut } from '../keys/index.ts';

/** The rows of the queue on screen, each focusable (QueueTable). */
const ROW = '.queue-table tbody tr[data-order-id]';
const rows = () => Array.from(document.querySelectorAll<HTMLTableRowElement>(ROW));
/** The row holding the focus (the row itself, its order id link or its checkbox), if any. */
const focusedRow = () => {
  const active = document.activeElement;
  return active instanceof HTMLElement ? active.closest<HTMLTableRowElement>(ROW) : null;
};
/** Enter opens only from the row itself or its order id: elsewhere in the row it presses what has focus. */
const enterOpens = () => {
  const active = document.activeElement;
  return active instanceof HTMLElement && (active.matches(ROW) || active.matches(`${ROW} a.order-link`));
};

function move(step: 1 | -1) {
  const all = rows();
  if (all.length === 0) return;
  const at = all.indexOf(focusedRow() as HTMLTableRowElement);
  const next = at < 0 ? (step > 0 ? 0 : all.length - 1) : Math.min(all.length - 1, Math.max(0, at + step));
  const row = all[next];
  row?.focus();
  row?.scrollIntoView({ block: 'nearest' });
}

/** Opens the row's order through its id link; a row held by someone else (greyed) has none. */
function open(row: HTMLTableRowElement | null): boolean {
  const link = row?.querySelector<HTMLAnchorElement>('a.order-link');
  if (!link) return row !== null;
  link.click();
  return true;
}

/**
 * A queue from the keyboard (DESIGN §23): `j`/`k` move the row focus, `Enter` or `o` open the row's
 * order, `x` selects it, `a` assigns the selected orders (the focused one when none is selected)
 * through the queue's own Assign to me. `n` is Next order's (NextOrderButton).
 */
export function useQueueKeys(assign: ((orderIds: string[]) => void) | null, selected: readonly string[]) {
  useShortcut('j', () => move(1));
  useShortcut('k', () => move(-1));
  useShortcut('Enter', () => enterOpens() && open(focusedRow()));
  useShortcut('o', () => open(focusedRow()));
  useShortcut('x', () => {
    const box = focusedRow()?.querySelector<HTMLInputElement>('input[type="checkbox"]');
    if (!box) return false;
    box.click();
    return true;
  });
  useShortcut(
    'a',
    assign &&
      (() => {
        const orderIds = selected.length > 0 ? [...selected] : [focusedRow()?.dataset.orderId].filter(Boolean);
        if (orderIds.length === 0) return false;
        assign(orderIds as string[]);
        return true;
      }),
  );
}
