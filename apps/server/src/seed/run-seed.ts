import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { FILE_FOLDER } from '../lib/file-store.ts';
import { providersWithoutSmtp } from '../modules/mail/index.ts';
import { describeStorage } from '../storage-config.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedGateways } from './gateways.ts';
import { type SeededAccount, seedDemoAccounts, seedFirstAdmin } from './staff.ts';

/** Where the seed's announcements go: the console in main.ts, a list in tests. */
export type Print = (line: string) => void;

/** Stands in the log for a password the operator chose: they know it, and a log is no place for it. */
export const GIVEN_PASSWORD_SHOWN_AS = '(the ADMIN_PASSWORD you set)';

function printAccounts(print: Print, title: string, accounts: SeededAccount[]): void {
  print(`\n${title}`);
  for (const a of accounts) {
    const password = a.showPassword ? a.password : GIVEN_PASSWORD_SHOWN_AS;
    print(`  ${a.type.padEnd(12)} ${a.email.padEnd(28)} ${password}`);
  }
}

/**
 * Where the demo's mails go, said once at its start (DESIGN §22): a newcomer who sends one looks for
 * it there. Nothing when every provider has an SMTP URL.
 */
function printMailFolder(print: Print, config: Config): void {
  const providers = providersWithoutSmtp(config);
  if (providers.length === 0) return;
  const folder =
    config.storage.kind === 'disk'
      ? path.join(config.dataDir, FILE_FOLDER.mail)
      : `${FILE_FOLDER.mail}/ of ${describeStorage(config.storage, config.dataDir)}`;
  print(`\nMail: none sent at start. Mails sent from the app are written as .eml files under ${folder}`);
  print(`  (no SMTP URL set for: ${providers.join(', ')}; see MAIL_CLOUD_URL and MAIL_DELIVERY_URL in the README).`);
}

/**
 * Gateways, the first Admin and (demo) the demo accounts and orders. A password is printed only
 * when it was generated (shown this once) or is the demo's published one (issue 20, finding 2).
 */
export async function runSeed(app: FastifyInstance, demo: boolean, print: Print): Promise<void> {
  await seedGateways(app.ctx);
  // The demo's own Admin comes first, so a demo database needs no generated first Admin.
  const demoAccounts = demo ? await seedDemoAccounts(app.ctx) : [];
  const admin = await seedFirstAdmin(app.ctx);
  if (admin) {
    const given = admin.showPassword ? '(generated: shown only this once)' : '(from ADMIN_PASSWORD)';
    printAccounts(print, `First Admin account created ${given}:`, [admin]);
    if ((app.ctx.config.require2fa as readonly string[]).includes(admin.type)) {
      print('  After signing in, set up an authenticator app: REQUIRE_2FA asks it of this account type.');
    }
  }
  if (demo) printAccounts(print, 'Demo accounts (one per staff type):', demoAccounts);
  if (demo) {
    const orders = await seedDemoOrders(app.ctx);
    if (orders > 0) print(`\nDemo orders created: ${orders}`);
    printMailFolder(print, app.ctx.config);
  }
}
