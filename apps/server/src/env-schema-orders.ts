import {
  AUDIT_RETENTION_DAYS_DEFAULT,
  CLAIM_IDLE_MINUTES_DEFAULT,
  RETENTION_DEFAULT_DAYS,
  SERVICE_LEVEL_DEFAULT_HOURS,
} from '@eta/shared';
import { int } from './env-fields.ts';

/** env-schema.ts's fields of an order's life: how long its data is kept, its service level, its claim lease. */
export const ORDER_FIELDS = {
  RETENTION_IMAGES_DAYS: int(
    {
      default: '`30`',
      meaning:
        'days passport and selfie images are kept after an order is finished (Completed, Refunds, Rejected, Deleted), counted from its last change; `0`: removed at the next pass. Never while the order is under legal hold (ChargeBack, a dispute open or closed less than 120 days ago)',
    },
    RETENTION_DEFAULT_DAYS.images,
    0,
    36_500,
  ),
  RETENTION_DOCUMENTS_DAYS: int(
    {
      default: '`540`',
      meaning: 'days eTA documents are kept after an order is finished (the longest dispute window)',
    },
    RETENTION_DEFAULT_DAYS.documents,
    0,
    36_500,
  ),
  RETENTION_PERSONAL_DAYS: int(
    {
      default: '`2190`',
      meaning:
        "days until a finished order's personal fields are anonymised (six years of business records); order id, dates, status, amount, nationality and type stay, so reports and invoices add up",
    },
    RETENTION_DEFAULT_DAYS.personal,
    0,
    36_500,
  ),
  AUDIT_RETENTION_DAYS: int(
    { default: '`730`', meaning: 'days audit log entries are kept' },
    AUDIT_RETENTION_DAYS_DEFAULT,
    0,
    36_500,
  ),
  RETENTION_EVERY_MINUTES: int(
    {
      default: '`60`',
      meaning:
        'how often the retention job runs (one instance at a time); `0`: never, run `npm run retention` from your own scheduler',
    },
    60,
    0,
    10_080,
  ),
  RETENTION_BATCH: int(
    {
      default: '`100`',
      meaning: 'orders per transaction of a retention pass: small, so staff requests never wait behind it',
    },
    100,
    1,
    10_000,
  ),
  SLA_PRIORITY_HOURS: int(
    {
      default: '`24`',
      meaning:
        'service level of a priority order (`processing_type` `priority`): hours from its arrival to its first approved document upload, not counting the time it waits in Awaiting Customer or Awaiting Govt. Past it, an open order shows "Overdue" and sits in Overdue Orders. Whole hours, 1 to 8760; an order keeps the due time it got on arrival',
    },
    SERVICE_LEVEL_DEFAULT_HOURS.priority,
    1,
    8760,
  ),
  SLA_STANDARD_HOURS: int(
    { default: '`72`', meaning: 'the same for every other order' },
    SERVICE_LEVEL_DEFAULT_HOURS.standard,
    1,
    8760,
  ),
  CLAIM_IDLE_MINUTES: int(
    {
      default: '`240`',
      meaning:
        "an order claimed in New, Priority Processing or Process 5th March whose holder has logged nothing on it (a remark, a move, a document, a mail …; the claim itself counts) for this many minutes returns to its folder, logged in its Activity as returned by the system. Checked every minute by each instance. `0`: claims never expire. Admins and Managers can also release all of a member's claims at once from Manage Team",
    },
    CLAIM_IDLE_MINUTES_DEFAULT,
    0,
    43_200,
  ),
};
