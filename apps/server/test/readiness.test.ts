import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nowIso } from '../src/lib/time.ts';
import { drainOutbox, outboxRow } from './monitoring-fixtures.ts';
import { buildTestApp, describeEachDialect, type TestApp } from './test-app.ts';

const MINUTE = 60_000;

/** DESIGN §19: GET /readyz names what is wrong; /healthz stays the liveness check. */
describeEachDialect('GET /readyz', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // a clock that stands still but for advance(): the mail's wait is exact
    t = await buildTestApp(dialect, {}, { clockStart: Date.parse('2026-03-02T09:00:00.000Z') });
  });
  afterAll(() => t.close());

  const readyz = () => t.app.inject({ method: 'GET', url: '/readyz' });

  it('is ready when the database answers, the folders can be written and no mail waits', async () => {
    const res = await readyz();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'ready' });
  });

  it('names the mail queue once a pending mail has waited over 10 minutes, and not a failed one', async () => {
    await outboxRow(
      t,
      MAIL_STATUS.failed,
      nowIso(() => t.app.ctx.clock() - 60 * MINUTE),
    );
    await outboxRow(t, MAIL_STATUS.queued, nowIso(t.app.ctx.clock));
    t.advance(10 * MINUTE);
    expect((await readyz()).statusCode).toBe(200);
    t.advance(4 * MINUTE);
    const res = await readyz();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 0, message: 'mail queue: oldest pending mail waited 14 min' });
    // liveness is another question: the process is fine
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await drainOutbox(t);
    expect((await readyz()).statusCode).toBe(200);
  });

  it('names each file folder it cannot write, without DATA_DIR’s path', async () => {
    const documents = path.join(t.config.dataDir, 'documents');
    rmSync(documents, { recursive: true, force: true });
    writeFileSync(documents, 'not a folder');
    try {
      const res = await readyz();
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/^storage: folder documents is not readable and writable \(E[A-Z]+\)$/);
      expect(res.body).not.toContain(t.config.dataDir);
    } finally {
      rmSync(documents, { force: true });
      mkdirSync(documents);
    }
    expect((await readyz()).statusCode).toBe(200);
  });

  it('names the database when it does not answer, and every other problem beside it', async () => {
    const broken = await buildTestApp(dialect);
    try {
      writeFileSync(path.join(broken.config.dataDir, 'images'), 'not a folder');
      await broken.app.ctx.db.destroy();
      const res = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(
        /^database unreachable; storage: folder images is not readable and writable \(E[A-Z]+\)$/,
      );
      expect((await broken.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);
    } finally {
      await broken.close();
    }
  });
});
