import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { STATUS } from '@eta/shared';
import { nowIso } from '../src/lib/time.ts';
import { orderRow, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { buildOrder, PNG_URL, seedOrders } from './orders-fixtures.ts';
import type { TestApp, TestStorage } from './test-app.ts';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

/** A finished order with a passport image and an uploaded document; its db id and public id. */
export async function finishedOrder(t: TestApp, token: string, status: string = STATUS.Completed) {
  const [orderId] = await seedOrders(t, [
    buildOrder({ process_status: status, passport_image: PNG_URL, upload_image: PNG_URL }),
  ]);
  const row = await orderRow(t, orderId as string);
  const res = await uploadDocument(
    t,
    token,
    { orderId: orderId as string, email: row.contact_email_address as string },
    pdfFile(),
  );
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
  // the upload changed the order: make it as old as the test needs with ageOrder
  return { id: row.id, orderId: orderId as string, email: row.contact_email_address as string };
}

/** Sets the order's last change `days` ago: retention counts from it. */
export async function ageOrder(t: TestApp, id: number, days: number): Promise<void> {
  await t.app.ctx.db
    .updateTable('orders')
    .set({ updated_at: nowIso(() => Date.now() - days * 86_400_000) })
    .where('id', '=', id)
    .execute();
}

/** A dispute on the order, in `state`, closed `closedDaysAgo` days ago when not open. */
export async function addDispute(t: TestApp, orderDbId: number, state: string, closedDaysAgo: number | null = null) {
  const at = nowIso();
  await t.app.ctx.db
    .insertInto('disputes')
    .values({
      order_key: orderDbId,
      processor: 'stripe',
      processor_dispute_id: `dp_${orderDbId}_${Math.random().toString(36).slice(2)}`,
      reason_code: '10.4',
      reason_category: 'fraud',
      amount_minor: 3999,
      currency: 'GBP',
      opened_at: at,
      respond_by: null,
      respond_by_estimated: 0,
      stage: 'chargeback',
      state,
      evidence_submitted_at: null,
      note: null,
      source: 'manual',
      payment_reference: null,
      transaction_id: null,
      order_ref: null,
      processor_event_at: null,
      closed_at: closedDaysAgo === null ? null : nowIso(() => Date.now() - closedDaysAgo * 86_400_000),
      created_at: at,
      updated_at: closedDaysAgo === null ? at : nowIso(() => Date.now() - closedDaysAgo * 86_400_000),
    })
    .execute();
}

/** Every stored file an order's rows name, and whether each is on disk. */
export async function filesOf(t: TestApp, orderDbId: number) {
  const db = t.app.ctx.db;
  const images = await db
    .selectFrom('order_images')
    .select(['file_name', 'removed_at'])
    .where('order_key', '=', orderDbId)
    .execute();
  const docs = await db
    .selectFrom('documents')
    .select(['file1', 'removed_at'])
    .where('order_key', '=', orderDbId)
    .execute();
  const onDisk = (folder: string, name: string) => existsSync(path.join(t.config.dataDir, folder, name));
  return [
    ...images.map((i) => ({ removed: i.removed_at !== null, present: onDisk('images', i.file_name) })),
    ...docs.map((d) => ({ removed: d.removed_at !== null, present: onDisk('documents', d.file1) })),
  ];
}

/** `npm run retention` as an operator runs it: its own process on the test's database and DATA_DIR. */
export function runRetentionCli(
  storage: TestStorage,
  env: Record<string, string>,
  onStart?: (child: ReturnType<typeof spawn>) => void,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, 'retention'], {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: storage.dataDir,
        JWT_SECRET: storage.jwtSecret,
        ...(storage.pgDb ? { DATABASE_URL: storage.pgDb.url } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    onStart?.(child);
  });
}
