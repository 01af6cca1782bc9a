import type { FindQuery, SearchOrderInput, TokenUser } from '@eta/shared';
import { createThreadPool, type ThreadPool } from '../../lib/db-threads.ts';
import type { FindResult } from './find.service.ts';
import type { ListPage } from './list.service.ts';

/** What a search thread answers (search-worker.ts). */
export interface SearchMethods {
  /** `now`: the request's time (ISO), so a folder bound to it (Overdue Orders) reads as the request would */
  search(staff: TokenUser, input: SearchOrderInput, now: string): Promise<ListPage>;
  /** Find anything (find.service.ts), its exact lookups and its text search on the thread's connection */
  find(staff: TokenUser, query: FindQuery, now: string): Promise<FindResult>;
}

/** Runs queue searches away from the event loop (SQLite only; null in the context: in this thread). */
export type SearchThreads = ThreadPool<SearchMethods>;

declare module '../../context.ts' {
  interface Strategies {
    /** SQLite: queue searches run on threads of their own (SEARCH_THREADS); null: in the request's thread */
    searchThreads: SearchThreads | null;
  }
}

/**
 * SQLite runs in the server's own thread: while a search reads its matches (1–2 ms at a million
 * orders, a few hundred for a text below three characters, which no index serves), no other staff
 * request is answered. Searches go to `count` threads instead, each with a read-only connection
 * of its own to the same file (WAL: readers never wait for the writer, and see every commit made
 * before they start), running the same list service (lib/db-threads.ts).
 */
export function createSearchThreads(sqliteFile: string, count: number): SearchThreads {
  return createThreadPool<SearchMethods>(new URL('./search-worker.ts', import.meta.url), { sqliteFile }, count);
}
