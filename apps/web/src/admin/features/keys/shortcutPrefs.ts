import { useSyncExternalStore } from 'react';
import { selectUser, useAppSelector } from '../../../store/index.ts';

/**
 * Single-key shortcuts on or off (WCAG 2.1.4), per member, in this browser's storage
 * (docs/decisions/0255-single-key-shortcuts-are-a-browser-setting.md): the setting is read before
 * the first key without a round trip, and two members sharing a desk keep their own.
 */
const storageKey = (memberId: number) => `eta.singleKeyShortcuts.${memberId}`;
const listeners = new Set<() => void>();

export function singleKeysOn(memberId: number | null | undefined): boolean {
  if (memberId == null) return true;
  try {
    return localStorage.getItem(storageKey(memberId)) !== 'off';
  } catch {
    return true;
  }
}

export function setSingleKeys(memberId: number, on: boolean): void {
  try {
    if (on) localStorage.removeItem(storageKey(memberId));
    else localStorage.setItem(storageKey(memberId), 'off');
  } catch {
    // storage refused (private mode): the setting lasts until the page is left
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // another tab changed it
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Whether the signed-in member's single-key shortcuts are on, following every change. */
export function useSingleKeys(): [boolean, (on: boolean) => void] {
  const memberId = useAppSelector(selectUser)?.id ?? null;
  const on = useSyncExternalStore(subscribe, () => singleKeysOn(memberId));
  return [on, (next) => memberId != null && setSingleKeys(memberId, next)];
}
