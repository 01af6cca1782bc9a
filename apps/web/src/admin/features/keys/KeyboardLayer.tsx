import { can, FOLDERS } from '@eta/shared';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyPage } from '../../../lib/lazyPage.ts';
import { useAppSelector } from '../../../store/index.ts';
import { GO_TO } from './keymap.ts';
import { useSingleKeys } from './shortcutPrefs.ts';
import { handlerOf, isTypingIn, modalOpen, type ShortcutKey } from './shortcuts.ts';

// loaded on the first `?`: nothing of it is in the first paint (DESIGN §23, §11)
const ShortcutSheet = lazyPage(() => import('./ShortcutSheet.tsx').then((m) => m.ShortcutSheet));

/** How long `g` waits for its second key. */
const SEQUENCE_MS = 1500;
/** Keys that are not characters: WCAG 2.1.4 leaves them on when single-key shortcuts are off. */
const NOT_CHARACTERS = new Set(['Enter', 'Escape']);

/**
 * The one listener for DESIGN §23's keys, in the app shell. Never while typing in a field (Ctrl+K
 * alone works there), never while a modal is open, no character key when the member turned
 * single-key shortcuts off (Account page). `g` then a letter goes to a queue; `?` opens the sheet.
 */
export function KeyboardLayer() {
  const navigate = useNavigate();
  const role = useAppSelector((state) => state.auth.role);
  const [singleKeys] = useSingleKeys();
  const [sheet, setSheet] = useState(false);
  const pendingG = useRef(0);

  useEffect(() => {
    const run = (key: ShortcutKey, event: KeyboardEvent) => {
      const handler = handlerOf(key);
      if (!handler) return;
      if (handler(event) !== false) event.preventDefault();
    };
    const goTo = (letter: string) => {
      const folder = FOLDERS.find((f) => f.name === GO_TO[letter]);
      if (folder && can(role, folder.capability)) void navigate(`/admin/${folder.path}`);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        run('mod+k', event);
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingIn(event.target) || modalOpen()) return;
      const key = event.key;
      if (!singleKeys && !NOT_CHARACTERS.has(key)) return;
      if (pendingG.current && Date.now() - pendingG.current < SEQUENCE_MS) {
        pendingG.current = 0;
        if (GO_TO[key]) {
          event.preventDefault();
          goTo(key);
          return;
        }
      }
      if (key === 'g') {
        pendingG.current = Date.now();
        return;
      }
      if (key === '?') {
        event.preventDefault();
        setSheet(true);
        return;
      }
      run(key as ShortcutKey, event);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate, role, singleKeys]);

  if (!sheet) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutSheet onClose={() => setSheet(false)} singleKeys={singleKeys} />
    </Suspense>
  );
}
