import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import { reconnectDelayMs } from '../../db/listen-backoff.ts';
import type { Database } from '../../db/schema.ts';
import { type LiveEnvelope, type LiveTransport, type LiveWire, localDelivery, splitWire } from './live-transport.ts';

/** The channel live messages cross instances on. */
export const LIVE_CHANNEL = 'eta_live';
/** NOTIFY's payload limit is 8,000 bytes; the envelope and non-ASCII names need room */
const MAX_PAYLOAD_CHARS = 3_500;

type Log = { warn(obj: object, msg: string): void };

/**
 * PostgreSQL: every instance LISTENs on one channel on a connection of its own and NOTIFYs through
 * its pool. PostgreSQL hands a notification to every listener, the sender's own included, so each
 * message carries its instance's id and an instance skips its own (delivered locally at once).
 * While the listening connection is down, other instances' changes are missed: the web refetches
 * what it shows when its stream reconnects, and counts are looked at again every 30 s anyway.
 */
export function postgresLiveTransport(db: Kysely<Database>, databaseUrl: string, log: Log): LiveTransport {
  const local = localDelivery();
  let listener: (message: LiveWire) => void = () => {};
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  /** tries to listen that failed in a row (listen-backoff.ts) */
  let failures = 0;

  const listen = async () => {
    retry = null;
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    client = next;
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      if (closed) return;
      // once per outage: the tries that fail while the database is away say nothing new
      if (error && failures === 0)
        log.warn({ err: error, channel: LIVE_CHANNEL }, 'live listener lost; listening again shortly');
      retry = setTimeout(() => void listen(), reconnectDelayMs(failures)).unref();
      failures += 1;
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (notification) => {
      if (!notification.payload) return;
      try {
        const envelope = JSON.parse(notification.payload) as LiveEnvelope;
        if (envelope.src !== local.instanceId) listener(envelope.m);
      } catch (error) {
        log.warn({ err: error }, 'unreadable live notification skipped');
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
      if (client === next) failures = 0;
    } catch (error) {
      lost(error as Error);
    }
  };
  void listen();

  return {
    send(message) {
      local.deliver(message);
      for (const part of splitWire(message, MAX_PAYLOAD_CHARS)) {
        const payload = JSON.stringify({ src: local.instanceId, m: part } satisfies LiveEnvelope);
        sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`
          .execute(db)
          .catch((error: unknown) => log.warn({ err: error }, 'live notification not sent'));
      }
    },
    onMessage(next) {
      listener = next;
      local.setListener(next);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
