import { workerData } from 'node:worker_threads';
import { connectSqliteReader } from '../../db/connect.ts';
import { serveThread } from '../../lib/db-threads.ts';
import { createFindService } from './find.service.ts';
import { createListService } from './list.service.ts';
import { sqliteSearchEngine } from './search-engine.sqlite.ts';
import type { SearchMethods } from './search-threads.ts';

/** A search thread (search-threads.ts): the list service's search over a read-only connection. */
const { sqliteFile } = workerData as { sqliteFile: string };
const handle = connectSqliteReader(sqliteFile);
const threadContext = {
  db: handle.db,
  clock: Date.now,
  strategies: { searchEngine: sqliteSearchEngine, searchThreads: null },
};
const lists = createListService(threadContext);
const finder = createFindService(threadContext, lists);
const methods: SearchMethods = {
  search: (staff, input, now) => lists.search(staff, input, now),
  find: (staff, query, now) => finder.findHere(staff, query, now),
};
serveThread(methods);
