import { FOLDERS, type MailTemplateRecord } from '@eta/shared';

/**
 * The templates offered on an order: those that name one of the folders its status sits in, and
 * those that name none (offered everywhere). My Orders and Overdue are views over other folders,
 * not places a template is written for, so they do not count.
 */
export function offeredTemplates(templates: readonly MailTemplateRecord[], status: string): MailTemplateRecord[] {
  const folders = new Set(
    FOLDERS.filter((f) => !f.mine && !f.overdue && f.statuses?.includes(status as never)).map((f) => f.name),
  );
  return templates.filter((t) => t.folders.length === 0 || t.folders.some((name) => folders.has(name)));
}
