import type { NotificationRecord } from '@eta/shared';

/** Who made a change: a signed-in member, or null for the system (an integration, the worker, the import). */
export type EventActor = { id: number; name: string } | null;

/** What the app announces once it is committed (DESIGN §13), by event name. */
export interface DomainEventMap {
  /** one row appended to an order's event log (Activity): a move, a hold, a mail, a remark … */
  'order.changed': {
    /** orders.id */
    orderDbId: number;
    /** the public order id, when the writer had it at hand */
    orderId: string | null;
    /** the event log's kind (ORDER_EVENT in @eta/shared) */
    kind: string;
    from: string | null;
    to: string | null;
    actor: EventActor;
  };
  /** mail written to the outbox (queued, or queued again): a worker may send it now */
  'mail.queued': { mailIds: readonly number[]; orderDbIds: readonly number[] };
  /** a team member created, changed or deleted */
  'member.changed': { memberId: number; change: 'created' | 'updated' | 'deleted' };
  /** sessions ended (logout, revocation): this instance's guard forgets them at once (DESIGN §17) */
  'session.revoked': { memberId: number; sessionIds: readonly string[] };
  /** new orders committed (ingestion, import, demo): PostgreSQL's statistics follow a large arrival (db/pg-upkeep.ts) */
  'orders.arrived': { count: number };
  /** a member was notified (a mention, a customer's reply: DESIGN §23); the live hub tells that member's streams */
  'notification.created': { memberId: number; notification: NotificationRecord };
  /** refunds written for the processor (DESIGN §26): a refund worker may call it now */
  'refunds.requested': { refundIds: readonly number[] };
  /**
   * a customer's reply marked an order waiting in Awaiting Customer (DESIGN §25): its holder is told
   * (notifications subscribe); `holder` is the member the order is assigned to, null when free
   */
  'order.customerReplied': { orderDbId: number; orderId: string; holder: number | null; inboundId: number };
  /** a retention pass finished in this process: what it removed, by kind (privacy's RETENTION_KINDS) */
  'retention.passed': { removed: Readonly<Record<string, number>> };
}
export type DomainEventName = keyof DomainEventMap;
export type Subscriber<K extends DomainEventName> = (event: DomainEventMap[K]) => unknown;

export interface DomainEvents {
  /** Calls every subscriber now, in order; returns without waiting for the ones that are async. */
  publish<K extends DomainEventName>(name: K, event: DomainEventMap[K]): void;
  /** True when somebody listens: a publisher may skip building events nobody reads. */
  has(name: DomainEventName): boolean;
  /** Returns the way to stop listening. */
  subscribe<K extends DomainEventName>(name: K, subscriber: Subscriber<K>): () => void;
}

export interface EventLog {
  error(obj: object, msg: string): void;
}

/**
 * The app's in-process event bus, one per app (buildApp, held on AppContext). Writes reach it through
 * their transaction's context (lib/transaction.ts TxContext), and publish once committed; the failures
 * of subscribers are logged to `log`, never thrown into the writer: by the time an event is published
 * its change is committed and the member answered.
 * Subscribers run in the publisher's turn, so they must be quick (a kick, a counter); slow work is
 * scheduled by the subscriber itself.
 */
export function createDomainEvents(log: EventLog): DomainEvents {
  const subscribers = new Map<DomainEventName, Subscriber<never>[]>();
  const failed = (name: DomainEventName) => (error: unknown) =>
    log.error({ err: error, event: name }, 'domain event subscriber failed');

  const bus: DomainEvents = {
    publish(name, event) {
      const list = subscribers.get(name);
      if (!list) return;
      for (const subscriber of list) {
        try {
          const pending = (subscriber as Subscriber<typeof name>)(event);
          if (pending instanceof Promise) pending.catch(failed(name));
        } catch (error) {
          failed(name)(error);
        }
      }
    },
    has: (name) => (subscribers.get(name)?.length ?? 0) > 0,
    subscribe(name, subscriber) {
      // a new array on each change: a publish under way keeps the list it started with
      subscribers.set(name, [...(subscribers.get(name) ?? []), subscriber as Subscriber<never>]);
      return () => {
        const rest = (subscribers.get(name) ?? []).filter((s) => s !== subscriber);
        if (rest.length > 0) subscribers.set(name, rest);
        else subscribers.delete(name);
      };
    },
  };
  return bus;
}
