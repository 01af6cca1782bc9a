import { parentPort, workerData } from 'node:worker_threads';
import { connectSqliteReader } from '../../db/connect.ts';
import { AppError } from '../../lib/app-error.ts';
import { createListService } from './list.service.ts';
import type { SearchReply, SearchRequest } from './search-thread.ts';

/** A search thread (search-thread.ts): the list service's search over a read-only connection. */
const { sqliteFile } = workerData as { sqliteFile: string };
const handle = connectSqliteReader(sqliteFile);
const lists = createListService({ db: handle.db, dialect: 'sqlite', clock: Date.now, searchThreads: null });
const port = parentPort;
if (!port) throw new Error('search-worker.ts runs only as a worker thread');

port.on('message', async ({ id, staff, input }: SearchRequest) => {
  let reply: SearchReply;
  try {
    reply = { id, page: await lists.search(staff, input) };
  } catch (caught) {
    const error = caught instanceof Error ? caught : new Error(String(caught));
    reply = {
      id,
      error: {
        message: error.message,
        ...(error.stack ? { stack: error.stack } : {}),
        ...(error instanceof AppError ? { httpStatus: error.httpStatus, data: error.data } : {}),
      },
    };
  }
  port.postMessage(reply);
});
