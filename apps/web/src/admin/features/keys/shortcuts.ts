import { useEffect, useRef } from 'react';

/**
 * The keys of DESIGN §23, handled in one place (KeyboardLayer): a screen registers what a key does
 * while it is mounted; the last registered wins. A handler that returns false did not use the key
 * (Enter with no queue row focused), so the browser keeps it.
 */
export type ShortcutKey = '/' | 'mod+k' | 'j' | 'k' | 'o' | 'x' | 'a' | 'n' | 'r' | 'u' | 'Enter' | 'Escape';
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing used the key
type Handler = (event: KeyboardEvent) => boolean | undefined | void;

const registered = new Map<ShortcutKey, Handler[]>();

/** The handler now in charge of a key, if any. */
export function handlerOf(key: ShortcutKey): Handler | undefined {
  const stack = registered.get(key);
  return stack?.[stack.length - 1];
}

/** While mounted, `key` calls `handler` (its latest version); null registers nothing. */
export function useShortcut(key: ShortcutKey, handler: Handler | null): void {
  const latest = useRef(handler);
  latest.current = handler;
  const active = handler !== null;
  useEffect(() => {
    if (!active) return;
    const call: Handler = (event) => latest.current?.(event);
    const stack = registered.get(key) ?? [];
    stack.push(call);
    registered.set(key, stack);
    return () => {
      const now = registered.get(key) ?? [];
      registered.set(
        key,
        now.filter((h) => h !== call),
      );
    };
  }, [key, active]);
}

/** Keys are never taken from someone typing: a text field, a list box, an editable region. */
export function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  // a checkbox, radio or button takes no text: keys stay shortcuts there
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type);
}

/** Bootstrap marks the body while a modal is open: the modal has the keys then. */
export const modalOpen = () => document.body.classList.contains('modal-open');
