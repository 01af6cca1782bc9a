/**
 * Staff types (SPEC §6) and the one permission matrix both server and web read (DESIGN §7). This
 * table is the only place that names roles: every rule elsewhere asks `can(role, capability)`.
 */
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
  /** counts, lists, search, detail, remarks, assign, moves, refunds, documents, mails, invoices, defence, reports by country, own password */
  | 'orders.work'
  /** see an order's passport and selfie images, each view one access-log row (DESIGN §16, §22) */
  | 'images.view'
  /** the allorder folder: list, count, search */
  | 'orders.history'
  | 'orders.delete'
  /** take over an order another member holds, and write to it despite the hold (DESIGN §6) */
  | 'orders.takeover'
  /** leave a remark (a note) on an order another member holds; moves, uploads and mails stay theirs (DESIGN §23) */
  | 'orders.noteHeld'
  /** delete from the My Orders queue, in bulk or by row (SPEC §6) */
  | 'myOrders.delete'
  | 'team.manage'
  /** create, change or delete an Admin, or make someone one (DESIGN §7) */
  | 'team.manageAdmins'
  /** switch off a member's two-factor sign-in when they lost their authenticator (DESIGN §17) */
  | 'team.resetTwoFactor'
  /** return every order a member holds to its folder at once, for shift handovers (DESIGN §18) */
  | 'team.releaseClaims'
  | 'reports.processedBy'
  | 'gateways.manage'
  /** make, change and delete the saved views everyone sees (DESIGN §23) */
  | 'views.share'
  /** open, change, list and link disputes (DESIGN §14) */
  | 'disputes.work'
  /** read the access and audit logs (DESIGN §16) */
  | 'audit.read'
  /** write, change and delete the customer mail templates (DESIGN §25) */
  | 'templates.manage'
  /** erase an order's personal data on request (DESIGN §16) */
  | 'privacy.erase'
  /** export everything held about a person (DESIGN §16) */
  | 'privacy.export';

const EVERYONE: readonly Role[] = ROLES;
const MANAGERS: readonly Role[] = [ROLE.Admin, ROLE.Manager];

export const PERMISSIONS: Readonly<Record<Capability, readonly Role[]>> = {
  'orders.work': EVERYONE,
  'images.view': EVERYONE,
  'orders.history': [ROLE.Admin, ROLE.Manager, ROLE.Team, ROLE.NightStaff],
  'orders.delete': MANAGERS,
  'orders.takeover': MANAGERS,
  'orders.noteHeld': EVERYONE,
  'myOrders.delete': [ROLE.Admin],
  'team.manage': MANAGERS,
  'team.manageAdmins': [ROLE.Admin],
  'team.resetTwoFactor': [ROLE.Admin],
  'team.releaseClaims': MANAGERS,
  'reports.processedBy': MANAGERS,
  'gateways.manage': MANAGERS,
  'views.share': MANAGERS,
  'disputes.work': EVERYONE,
  'audit.read': [ROLE.Admin],
  'templates.manage': MANAGERS,
  'privacy.erase': [ROLE.Admin],
  'privacy.export': [ROLE.Admin],
};

export function can(role: Role | null | undefined, capability: Capability): boolean {
  return role != null && PERMISSIONS[capability].includes(role);
}

/** A Manager cannot create, change or delete an Admin, nor make anyone an Admin (DESIGN §7). */
export function canManageMember(actor: Role, targetType: Role): boolean {
  if (!can(actor, 'team.manage')) return false;
  // A member who may manage Admins is managed only by someone who may too.
  return can(actor, 'team.manageAdmins') || !can(targetType, 'team.manageAdmins');
}

/**
 * "Confirm it is you" (DESIGN §22): adding a member who may manage Admins, changing one, or making
 * someone one asks the caller for a fresh confirmation. `from` is null for a new member.
 */
export function memberChangeNeedsConfirmation(from: Role | null, to: Role): boolean {
  return (from !== null && can(from, 'team.manageAdmins')) || can(to, 'team.manageAdmins');
}

/** Releasing a member's claims keeps the team.manage limit: a Manager never an Admin's (DESIGN §7, §18). */
export function canReleaseClaimsOf(actor: Role, targetType: Role): boolean {
  if (!can(actor, 'team.releaseClaims')) return false;
  return can(actor, 'team.manageAdmins') || !can(targetType, 'team.manageAdmins');
}
