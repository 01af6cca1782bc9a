import { randomBytes } from 'node:crypto';
import { ROLE, type Role } from '@eta/shared';
import type { AppContext } from '../context.ts';
import { nowIso } from '../lib/time.ts';
import { staffRepo } from '../modules/staff/index.ts';

export interface SeededAccount {
  email: string;
  password: string;
  type: Role;
  name: string;
  created: boolean;
  /** the password may be printed: made here (shown once) or the demo's published one, never an operator's secret */
  showPassword: boolean;
}

/**
 * On an empty database, the first Admin comes from ADMIN_EMAIL / ADMIN_PASSWORD, or gets a generated
 * password that is printed once (DESIGN §4). Returns null when the database already has staff.
 */
export async function seedFirstAdmin(ctx: AppContext): Promise<SeededAccount | null> {
  if ((await staffRepo.countActive(ctx.db)) > 0) return null;
  const email = ctx.config.adminEmail ?? 'admin@etadesk.local';
  const given = ctx.config.adminPassword;
  const password = given ?? randomBytes(12).toString('base64url');
  const at = nowIso(ctx.clock);
  await staffRepo.insert(ctx.db, {
    name: 'Administrator',
    email,
    password_hash: await ctx.passwords.hash(password),
    type: ROLE.Admin,
    created_at: at,
    updated_at: at,
  });
  return { email, password, type: ROLE.Admin, name: 'Administrator', created: true, showPassword: !given };
}

export const DEMO_PASSWORD = 'Demo@12345';

export const DEMO_ACCOUNTS: readonly { email: string; name: string; type: Role }[] = [
  { email: 'admin@etadesk.demo', name: 'Alice Admin', type: ROLE.Admin },
  { email: 'manager@etadesk.demo', name: 'Mark Manager', type: ROLE.Manager },
  { email: 'team@etadesk.demo', name: 'Tara Team', type: ROLE.Team },
  { email: 'telecaller@etadesk.demo', name: 'Tom Telecaller', type: ROLE.Telecaller },
  { email: 'night@etadesk.demo', name: 'Nina Night', type: ROLE.NightStaff },
];

/** One account per staff type for the demo; existing ones are left as they are. */
export async function seedDemoAccounts(ctx: AppContext): Promise<SeededAccount[]> {
  const result: SeededAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const existing = await staffRepo.findActiveByEmail(ctx.db, account.email);
    if (!existing) {
      const at = nowIso(ctx.clock);
      await staffRepo.insert(ctx.db, {
        ...account,
        password_hash: await ctx.passwords.hash(DEMO_PASSWORD),
        created_at: at,
        updated_at: at,
      });
    }
    result.push({ ...account, password: DEMO_PASSWORD, created: !existing, showPassword: true });
  }
  return result;
}
