import pg from 'pg';
import { reconnectDelayMs } from './listen-backoff.ts';

/**
 * Rows the staff guard reads on every request (the member, the session), by key. The two ways to
 * have them are picked once in app.ts, as each feature's Strategies are.
 */
export interface RowSource<K, Row> {
  find(key: K): Promise<Row | undefined>;
  /**
   * This instance just changed the row (after its transaction committed): forgotten at once, not
   * when the notification comes back, so the next request here already sees the change.
   */
  forget(key: K): void;
  close(): Promise<void>;
}

/** SQLite: a read by primary key costs about 20 µs there; nothing to keep. */
export function directRows<K, Row>(read: (key: K) => Promise<Row | undefined>): RowSource<K, Row> {
  return { find: read, forget: () => {}, close: async () => {} };
}

/** rows kept at most (a business has dozens of members and sessions; this only bounds a misuse) */
const MAX_ROWS = 10_000;
/**
 * A row is read again after this long even if nothing was heard: the bound on a stale row if the
 * listening connection were cut without this instance noticing (a silent network fault).
 */
const KEEP_MS = 10_000;

export interface ListeningRowsOptions<K, Row> {
  databaseUrl: string;
  /** the channel a trigger announces a changed row's key on, when its transaction commits */
  channel: string;
  read(key: K): Promise<Row | undefined>;
  /** the key as the notification's payload spells it */
  keyOf(payload: string): K;
  log: { warn(obj: object, msg: string): void };
}

/**
 * PostgreSQL: the guard's read of the member was a third of the statements of a working day
 * (about 150 µs of CPU a round trip, issue 8). Rows read are kept in memory and dropped the moment
 * any instance changes one: a trigger notifies on commit (migrations 025 and 050), and this instance
 * listens on a connection of its own. While that connection is down (database restart, network),
 * nothing is kept and every request reads the row, so a revocation does not outlive itself by more
 * than the notification's delivery, or KEEP_MS if the connection died silently.
 */
export function listeningRows<K, Row>(options: ListeningRowsOptions<K, Row>): RowSource<K, Row> {
  const { databaseUrl, channel, read, keyOf, log } = options;
  const kept = new Map<K, { row: Row; at: number }>();
  let listening = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  /** tries to listen that failed in a row: the wait before the next grows with them (listen-backoff.ts) */
  let failures = 0;
  /** bumped by every change heard and every lost connection: a read begun before it is not kept */
  let generation = 0;

  const forgetAll = () => {
    listening = false;
    generation += 1;
    kept.clear();
  };

  const listen = async () => {
    retry = null;
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    client = next;
    const lost = (error?: Error) => {
      if (client !== next) return;
      forgetAll();
      client = null;
      next.end().catch(() => {});
      if (closed) return;
      // once per outage: the tries that fail while the database is away say nothing new
      if (error && failures === 0)
        log.warn({ err: error, channel }, 'change listener lost; rows are read on every request until it is back');
      retry = setTimeout(() => void listen(), reconnectDelayMs(failures)).unref();
      failures += 1;
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      generation += 1;
      if (message.payload !== undefined) kept.delete(keyOf(message.payload));
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (client === next && !closed) {
        listening = true;
        failures = 0;
      }
    } catch (error) {
      lost(error as Error);
    }
  };
  void listen();

  return {
    async find(key) {
      const hit = listening ? kept.get(key) : undefined;
      if (hit && Date.now() - hit.at < KEEP_MS) return hit.row;
      const before = generation;
      const wasListening = listening;
      const row = await read(key);
      // kept only if the channel was heard throughout the read and nothing changed meanwhile
      if (row && wasListening && listening && generation === before) {
        if (kept.size >= MAX_ROWS) kept.clear();
        kept.set(key, { row, at: Date.now() });
      }
      return row;
    },
    forget(key) {
      generation += 1;
      kept.delete(key);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      forgetAll();
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
