import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/** The id of the shell's main landmark, the first skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';
const SLOT_ID = 'skip-links';

/**
 * Moves focus to the target (made focusable for the purpose) and brings it into view. A plain
 * fragment link would also work, but it writes `#…` into the address and the router's history.
 */
function skipTo(event: MouseEvent<HTMLAnchorElement>, targetId: string) {
  const target = document.getElementById(targetId);
  if (!target) return;
  event.preventDefault();
  // a container is made focusable for the purpose; a control keeps its own place in the Tab order
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'start' });
}

function SkipLink({ targetId, label }: { targetId: string; label: string }) {
  return (
    <a href={`#${targetId}`} className="skip-link" onClick={(event) => skipTo(event, targetId)}>
      {label}
    </a>
  );
}

/**
 * WCAG 2.4.1: the first things a keyboard reaches on every signed-in screen. Hidden until focused.
 * Screens add their own after "Skip to main content" with `<ScreenSkipLink>` (a queue: to its rows).
 */
export function SkipLinks() {
  return (
    <div className="skip-links" id={SLOT_ID} tabIndex={-1}>
      <SkipLink targetId={MAIN_CONTENT_ID} label="Skip to main content" />
    </div>
  );
}

/**
 * After a move to another screen, focus starts at the top again, as after a page load: the next
 * Tab reaches "Skip to main content" (and the screen's own skip links) instead of carrying on from
 * the sidebar link that was pressed, which the router keeps in place.
 */
export function useFocusFromTheTop(pathname: string): void {
  const first = useRef(true);
  useEffect(() => {
    void pathname;
    if (first.current) {
      first.current = false;
      return;
    }
    // a member already typing somewhere (Find, pressed with / as the screen was still coming) keeps it
    if (isTextEntry(document.activeElement)) return;
    document.getElementById(SLOT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

function isTextEntry(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) {
    return true;
  }
  return (
    element instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(element.type)
  );
}

/** A screen's own skip link, placed in the shell's list (so it comes right after "Skip to main content"). */
export function ScreenSkipLink({ targetId, label }: { targetId: string; label: string }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(SLOT_ID)), []);
  return slot ? createPortal(<SkipLink targetId={targetId} label={label} />, slot) : null;
}
