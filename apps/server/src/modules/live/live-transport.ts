import { randomUUID } from 'node:crypto';
import type { NotificationRecord } from '@eta/shared';

/** One order change as it crosses processes: ids and the event log's fields, nothing read yet. */
export interface WireChange {
  /** orders.id */
  id: number;
  kind: string;
  from: string | null;
  to: string | null;
  by: string | null;
}

/**
 * What one instance tells the others for their live streams (DESIGN §18). Kept small (PostgreSQL's
 * NOTIFY takes 8,000 bytes): an instance that has streams reads what it needs itself.
 */
export type LiveWire =
  | { t: 'orders'; changes: WireChange[] }
  | { t: 'presence'; orderId: string; status: string; viewers: string[] }
  | { t: 'revoked'; sessionIds: string[] }
  | { t: 'member'; memberId: number }
  /** one member's notification (its text is at most NOTIFICATION_TEXT_MAX characters: well inside NOTIFY's limit) */
  | { t: 'notification'; memberId: number; notification: NotificationRecord };

/** A message and the instance it came from: an instance skips its own when they come back. */
export interface LiveEnvelope {
  src: string;
  m: LiveWire;
}

/**
 * How live messages reach every process and instance, picked once in strategies.ts: in-process for a lone
 * server, the cluster primary's relay for SQLite with WORKERS > 1, LISTEN/NOTIFY on PostgreSQL. Every
 * message is handed to this process's own listener at once, and to the others as fast as the way allows.
 */
export interface LiveTransport {
  send(message: LiveWire): void;
  /** one listener, the hub's */
  onMessage(listener: (message: LiveWire) => void): void;
  close(): Promise<void>;
}

/** A message split so that each part stays under `maxChars` of JSON (order batches only). */
export function splitWire(message: LiveWire, maxChars: number): LiveWire[] {
  if (message.t !== 'orders' || JSON.stringify(message).length <= maxChars) return [message];
  const parts: LiveWire[] = [];
  let batch: WireChange[] = [];
  let size = 40;
  for (const change of message.changes) {
    const cost = JSON.stringify(change).length + 1;
    if (batch.length > 0 && size + cost > maxChars) {
      parts.push({ t: 'orders', changes: batch });
      batch = [];
      size = 40;
    }
    batch.push(change);
    size += cost;
  }
  if (batch.length > 0) parts.push({ t: 'orders', changes: batch });
  return parts;
}

/** The base every way shares: the listener, called at once for this process's own messages. */
export function localDelivery() {
  let listener: (message: LiveWire) => void = () => {};
  return {
    instanceId: randomUUID(),
    deliver(message: LiveWire) {
      // never in the publisher's turn: a write's after-commit hook must not wait on stream writes
      queueMicrotask(() => listener(message));
    },
    setListener(next: (message: LiveWire) => void) {
      listener = next;
    },
  };
}

/** A lone process: nothing to cross. */
export function localLiveTransport(): LiveTransport {
  const local = localDelivery();
  return {
    send: (message) => local.deliver(message),
    onMessage: (listener) => local.setListener(listener),
    close: async () => {},
  };
}
