import { buildApp, ONE_OFF_APP } from '../app.ts';
import type { Config } from '../config.ts';
import { type RetentionCounts, runRetentionPass } from '../modules/privacy/index.ts';

/**
 * `npm run retention`: one pass now, then exit (DESIGN §16): the hourly job's own code, for an
 * operator who wants it at once or schedules it outside the app (RETENTION_EVERY_MINUTES=0). It
 * takes the same one-at-a-time lock as the job on PostgreSQL, so it waits for nothing and skips
 * when a running instance is mid-pass.
 */
export async function runRetention(config: Config): Promise<RetentionCounts | 'another pass is running'> {
  const app = await buildApp(config, ONE_OFF_APP);
  try {
    let counts: RetentionCounts | null = null;
    await app.ctx.strategies.oneRetentionPassAtATime(app.ctx.db, async () => {
      counts = await runRetentionPass(app.ctx);
    });
    return counts ?? 'another pass is running';
  } finally {
    await app.close();
  }
}
