import { useEffect } from 'react';

const ANNOUNCER_ID = 'live-announcer';

/**
 * The one region that reads live changes of a screen aloud, politely (DESIGN §24, WCAG 4.1.3): new
 * orders in a queue, another member's change to the open order, who else is viewing it. Mounted
 * once by the shell and always present, since a region made together with its text is often not
 * read. Toasts have their own polite container (docs/decisions/0326-toasts-are-content-of-one-polite-live-region.md).
 */
export function LiveAnnouncer() {
  return <div id={ANNOUNCER_ID} className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" />;
}

/** Reads `text` out through the announcer (nothing when the shell is not mounted, as in a unit test). */
export function announce(text: string): void {
  const region = document.getElementById(ANNOUNCER_ID);
  if (!region) return;
  // emptied first, so the same words said again are a change a screen reader hears
  region.textContent = '';
  requestAnimationFrame(() => {
    region.textContent = text;
  });
}

/** Announces `text` whenever it changes to something (null or '' says nothing). */
export function useAnnounce(text: string | null | undefined): void {
  useEffect(() => {
    if (text) announce(text);
  }, [text]);
}
