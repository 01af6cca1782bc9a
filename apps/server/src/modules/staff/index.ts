/** What other features and app.ts may use of staff (DESIGN §13: everything else is its own). */
export { directMembers, listeningMembers } from './member-cache.ts';
export * as staffRepo from './staff.repository.ts';
export { staffNames } from './staff.repository.ts';
