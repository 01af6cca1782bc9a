import { type ComponentProps, useEffect } from 'react';
import Modal from 'react-bootstrap/Modal';

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, iframe, [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round the open dialog's controls (WCAG 2.1.2, 2.4.3; DESIGN §24). react-bootstrap
 * pulls focus back only after it has left (a focus event, then a timer), so for a moment the
 * keyboard was on the page behind: the skip link or the sidebar showed through the backdrop.
 */
function keepTabInside(event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  const dialogs = document.querySelectorAll<HTMLElement>('.modal.show[role="dialog"]');
  const dialog = dialogs[dialogs.length - 1];
  if (!dialog) return;
  const stops = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.matches(':disabled') && el.getClientRects().length > 0,
  );
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !dialog.contains(active);
  if (event.shiftKey && (active === first || active === dialog || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * SPEC §9: modals default to size xl. Fade (300 ms) and backdrop (150 ms) timings are Bootstrap's
 * own, so react-bootstrap's defaults are kept rather than re-stated. Focus goes into the dialog when
 * it opens, stays there, and returns to what opened it when it closes (react-bootstrap's autoFocus
 * and restoreFocus, with the Tab trap above).
 */
export function AppModal({ size = 'xl', ...props }: ComponentProps<typeof Modal>) {
  const { show } = props;
  useEffect(() => {
    if (!show) return;
    document.addEventListener('keydown', keepTabInside, true);
    return () => document.removeEventListener('keydown', keepTabInside, true);
  }, [show]);
  return <Modal size={size} {...props} />;
}
