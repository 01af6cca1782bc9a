import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import * as initial from './migrations/001_initial.ts';
import * as publicDownloads from './migrations/002_public_downloads.ts';
import * as mailWorker from './migrations/003_mail_worker.ts';
import * as reports from './migrations/010_reports.ts';
import * as invoices from './migrations/011_invoices.ts';
import * as search from './migrations/020_search.ts';
import * as postgresReadPaths from './migrations/021_postgres_read_paths.ts';
import * as postgresCounterOrder from './migrations/022_postgres_counter_order.ts';
import * as postgresReportStatements from './migrations/023_postgres_report_statements.ts';
import * as postgresSearchTable from './migrations/024_postgres_search_table.ts';
import * as postgresStaffNotify from './migrations/025_postgres_staff_notify.ts';
import * as disputes from './migrations/030_disputes.ts';
import * as purchaseEvidence from './migrations/040_purchase_evidence.ts';
import * as staffAccounts from './migrations/050_staff_accounts.ts';
import * as personalDataLogs from './migrations/060_personal_data_logs.ts';
import * as retention from './migrations/061_retention.ts';
import * as mailSender from './migrations/070_mail_sender.ts';
import * as serviceLevels from './migrations/080_service_levels.ts';
import * as followUps from './migrations/081_follow_ups.ts';
import * as orderViewers from './migrations/082_order_viewers.ts';
import * as fileNames from './migrations/083_file_names.ts';
import * as overdueDays from './migrations/084_overdue_days.ts';
import * as searchByDate from './migrations/085_search_by_date.ts';
import * as sessionFactors from './migrations/086_session_factors.ts';
import * as customerKeys from './migrations/087_customer_keys.ts';
import * as urgentClaims from './migrations/090_urgent_claims.ts';
import * as queueFilters from './migrations/093_queue_filters.ts';
import * as savedViews from './migrations/094_saved_views.ts';
import * as notifications from './migrations/096_notifications.ts';
import * as customerConversation from './migrations/100_customer_conversation.ts';
import * as processorMoney from './migrations/110_processor_money.ts';
import * as orderKey from './migrations/111_order_key.ts';
import type { Database } from './schema.ts';

/** Migrations in order. Shipped ones are never edited: add a new file instead. */
export const MIGRATIONS: Record<string, Migration> = {
  '001_initial': initial,
  '002_public_downloads': publicDownloads,
  '003_mail_worker': mailWorker,
  // Numbered clear of migrations written alongside it. Kysely refuses one that sorts before a migration
  // a database has already run, so a migration added after this one ships takes 011 or later.
  '010_reports': reports,
  '011_invoices': invoices,
  '020_search': search,
  '021_postgres_read_paths': postgresReadPaths,
  '022_postgres_counter_order': postgresCounterOrder,
  '023_postgres_report_statements': postgresReportStatements,
  '024_postgres_search_table': postgresSearchTable,
  '025_postgres_staff_notify': postgresStaffNotify,
  '030_disputes': disputes,
  '040_purchase_evidence': purchaseEvidence,
  '050_staff_accounts': staffAccounts,
  '060_personal_data_logs': personalDataLogs,
  '061_retention': retention,
  '070_mail_sender': mailSender,
  '080_service_levels': serviceLevels,
  '081_follow_ups': followUps,
  '082_order_viewers': orderViewers,
  '083_file_names': fileNames,
  '084_overdue_days': overdueDays,
  '085_search_by_date': searchByDate,
  '086_session_factors': sessionFactors,
  '096_notifications': notifications,
  '087_customer_keys': customerKeys,
  '090_urgent_claims': urgentClaims,
  '093_queue_filters': queueFilters,
  '094_saved_views': savedViews,
  '110_processor_money': processorMoney,
  '100_customer_conversation': customerConversation,
  '111_order_key': orderKey,
};

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return migrateTo(db, null);
}

/** Up or down to the named migration (tests of a migration over existing data); null: the latest. */
export async function migrateTo(db: Kysely<Database>, name: string | null): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await (name === null ? migrator.migrateToLatest() : migrator.migrateTo(name));
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
