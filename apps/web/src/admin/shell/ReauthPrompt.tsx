import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setReauthHandler } from '../../lib/api.ts';

// The form loads on first use: most sessions never see it (DESIGN §11 first-load budget).
const ReauthModal = lazy(() => import('./ReauthModal.tsx').then((m) => ({ default: m.ReauthModal })));

/**
 * "Confirm it is you" (DESIGN §22) for every screen at once: while the member is signed in, any call
 * a route refuses with `data.reauthRequired` opens this modal (lib/api.ts waits for it) and is made
 * again once confirmed; cancelled, the call resolves to its refusal and the screen stays as it was.
 */
export function ReauthPrompt() {
  const [open, setOpen] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    setReauthHandler(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setOpen(true);
        }),
    );
    // signed out (or a 401 ended the frame) while it was asking: the waiting calls give up
    return () => {
      setReauthHandler(async () => false);
      settle.current?.(false);
      settle.current = null;
    };
  }, []);

  const finish = (confirmed: boolean) => {
    setOpen(false);
    const resolve = settle.current;
    settle.current = null;
    resolve?.(confirmed);
  };

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ReauthModal onDone={finish} />
    </Suspense>
  );
}
