/** Staff types (SPEC §6) and the one permission matrix both server and web read (DESIGN §7). */
export const ROLE = {
  Admin: 'Admin',
  Manager: 'Manager',
  Team: 'Team',
  Telecaller: 'Telecaller',
  NightStaff: 'Night Staff',
} as const;

export type Role = (typeof ROLE)[keyof typeof ROLE];
export const ROLES: readonly Role[] = Object.values(ROLE);

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export type Capability =
  /** counts, lists, search, detail, images, remarks, assign, moves, refunds, documents, mails, invoices, defence, reports by country, own password */
  | 'orders.work'
  /** the allorder folder: list, count, search */
  | 'orders.history'
  | 'orders.delete'
  | 'team.manage'
  | 'reports.processedBy'
  | 'gateways.manage';

const EVERYONE: readonly Role[] = ROLES;
const MANAGERS: readonly Role[] = [ROLE.Admin, ROLE.Manager];

export const PERMISSIONS: Readonly<Record<Capability, readonly Role[]>> = {
  'orders.work': EVERYONE,
  'orders.history': [ROLE.Admin, ROLE.Manager, ROLE.Team, ROLE.NightStaff],
  'orders.delete': MANAGERS,
  'team.manage': MANAGERS,
  'reports.processedBy': MANAGERS,
  'gateways.manage': MANAGERS,
};

export function can(role: Role | null | undefined, capability: Capability): boolean {
  return role != null && PERMISSIONS[capability].includes(role);
}

/** A Manager cannot create, change or delete an Admin, nor make anyone an Admin (DESIGN §7). */
export function canManageMember(actor: Role, targetType: Role): boolean {
  if (!can(actor, 'team.manage')) return false;
  return actor === ROLE.Admin || targetType !== ROLE.Admin;
}
