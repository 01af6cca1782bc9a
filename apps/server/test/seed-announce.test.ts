import { afterEach, expect, it } from 'vitest';
import { GIVEN_PASSWORD_SHOWN_AS, runSeed } from '../src/seed/run-seed.ts';
import { buildTestApp, describeEachDialect, login, type TestApp } from './test-app.ts';

/** Issue 20, finding 2: an operator's ADMIN_PASSWORD never reaches the log; a generated one is shown once. */
describeEachDialect('first start announcements', (dialect) => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  async function seedAndCapture(env: Record<string, string>): Promise<string> {
    t = await buildTestApp(dialect, env);
    const lines: string[] = [];
    await runSeed(t.app, false, (line) => lines.push(line));
    return lines.join('\n');
  }

  it('never prints an ADMIN_PASSWORD the operator gave, and the account signs in with it', async () => {
    const secret = 'Operator-Chosen-Secret-42';
    const printed = await seedAndCapture({ ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: secret });
    expect(printed).toContain('boss@example.test');
    expect(printed).toContain(GIVEN_PASSWORD_SHOWN_AS);
    expect(printed).not.toContain(secret);
    await expect(login(t as TestApp, 'boss@example.test', secret)).resolves.toBeTruthy();
  });

  it('prints a generated password once, and it is the one that signs in', async () => {
    const printed = await seedAndCapture({ ADMIN_EMAIL: 'first@example.test' });
    expect(printed).toContain('generated: shown only this once');
    const line = printed.split('\n').find((l) => l.includes('first@example.test')) as string;
    const password = line.trim().split(/\s+/).at(-1) as string;
    expect(password.length).toBeGreaterThanOrEqual(12);
    await expect(login(t as TestApp, 'first@example.test', password)).resolves.toBeTruthy();
  });
});
