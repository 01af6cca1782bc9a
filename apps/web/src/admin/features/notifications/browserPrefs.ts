import { useSyncExternalStore } from 'react';

/** What a member may have this browser tell them (DESIGN §23; decision 0287: kept per browser and member). */
export interface BrowserNotifyPrefs {
  mentions: boolean;
  priority: boolean;
  disputes: boolean;
}
export type BrowserNotifyKind = keyof BrowserNotifyPrefs;

const OFF: BrowserNotifyPrefs = { mentions: false, priority: false, disputes: false };
const keyOf = (member: string) => `eta.browserNotifications:${member.toLowerCase()}`;

const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; prefs: BrowserNotifyPrefs }>();

function read(member: string): BrowserNotifyPrefs {
  if (!member) return OFF;
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(keyOf(member));
  } catch {
    // storage refused (private mode): nothing was opted in
  }
  const kept = cache.get(member);
  if (kept && kept.raw === raw) return kept.prefs;
  let prefs = OFF;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<BrowserNotifyPrefs>) : {};
    prefs = {
      mentions: parsed.mentions === true,
      priority: parsed.priority === true,
      disputes: parsed.disputes === true,
    };
  } catch {
    prefs = OFF;
  }
  cache.set(member, { raw, prefs });
  return prefs;
}

export function writeBrowserPrefs(member: string, prefs: BrowserNotifyPrefs): void {
  try {
    localStorage.setItem(keyOf(member), JSON.stringify(prefs));
  } catch {
    // storage refused: the choice lasts until the page closes
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith('eta.browserNotifications:')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

/** The member's choices in this browser, following changes made on the Account page or in another tab. */
export function useBrowserPrefs(member: string): BrowserNotifyPrefs {
  return useSyncExternalStore(
    subscribe,
    () => read(member),
    () => OFF,
  );
}

/** Whether this browser can show notifications at all, and what the member allowed. */
export function browserPermission(): NotificationPermission | 'unsupported' {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

/** Shows one browser notification when the member allowed them; a click brings the tab forward and runs `onClick`. */
export function showBrowserNotification(title: string, body: string, tag: string, onClick: () => void): void {
  if (browserPermission() !== 'granted') return;
  try {
    const shown = new Notification(title, { body, tag });
    shown.onclick = () => {
      window.focus();
      onClick();
      shown.close();
    };
  } catch {
    // some browsers allow them only from a service worker: the bell still shows it
  }
}
