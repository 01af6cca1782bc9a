import {
  domainOfOrderId,
  type IngestOrder,
  type IngestResult,
  ingestMessage,
  PURCHASE_EVIDENCE_FIELDS,
  serviceLevelOnArrival,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { type NewOrder, ORDER_TEXT_FIELDS } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { FILE_FOLDER } from '../../lib/file-store.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { gatewaysRepo } from '../gateways/index.ts';
import { type DecodedImage, decodeImages } from './images.ts';
import * as repo from './ingest.repository.ts';

/** image files written at once: enough to overlap disk flushes, few enough to spare file handles */
const WRITE_CONCURRENCY = 16;

export interface RejectedOrder {
  index: number;
  order_id: string;
  errors: Record<string, string>;
}

export interface IngestOutcome extends IngestResult {
  message: string;
  /** only with skipInvalid: the orders left out, by index in the batch */
  rejected: RejectedOrder[];
}

export interface IngestOptions {
  /** where the orders came from, kept on their 'created' event: api, import, demo */
  source: string;
  /** leave invalid orders out instead of refusing the batch (the import command) */
  skipInvalid?: boolean;
}

/** One lower-cased column for the queue search: id, names, full name, email, phone (newline-separated). */
export function searchTextOf(
  order: Pick<IngestOrder, 'order_id' | 'first_name' | 'sur_name' | 'contact_email_address' | 'phone_number'>,
) {
  return [
    order.order_id,
    order.first_name,
    order.sur_name,
    `${order.first_name} ${order.sur_name}`,
    order.contact_email_address,
    order.phone_number,
  ]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

/** The gateways active when a batch arrives: an order that does not name its gateway was paid through its domain's. */
type ActiveGateways = Awaited<ReturnType<typeof gatewaysRepo.activeByDomain>>;

function toRow(order: IngestOrder, ctx: AppContext, at: string, gateways: ActiveGateways): NewOrder {
  const domain = domainOfOrderId(order.order_id, ctx.config.domainPrefixes);
  const createdAt = order.created_at ?? at;
  const row: NewOrder = {
    order_id: order.order_id,
    domain,
    process_status: order.process_status,
    processing_type: order.processing_type,
    amount_minor: order.amount_minor,
    currency: order.currency,
    extra_answers: order.extra_answers ? JSON.stringify(order.extra_answers) : null,
    search_text: searchTextOf(order),
    created_at: createdAt,
    // DESIGN §18: the promise made on arrival, by the hours configured now; the database keeps it from here
    ...serviceLevelOnArrival({ ...order, created_at: createdAt }, ctx.config.serviceLevels),
    // In Refunds with a date: refunded before it came here (an import); without one, a refund request
    // that "Refunded it" completes.
    refund_date: order.refund_date,
    payment_reference: order.payment_reference,
    updated_at: at,
  };
  for (const field of ORDER_TEXT_FIELDS) row[field] = order[field];
  for (const field of PURCHASE_EVIDENCE_FIELDS) {
    if (field !== 'disclaimer_shown') row[field] = order[field];
  }
  row.disclaimer_shown = order.disclaimer_shown === null ? null : order.disclaimer_shown ? 1 : 0;
  row.gateway_name = order.gateway_name ?? gateways[domain];
  return row;
}

interface Prepared {
  index: number;
  order: IngestOrder;
  images: DecodedImage[];
}

interface WrittenImage {
  orderId: string;
  image: DecodedImage;
  fileName: string;
}

/**
 * Orders in (issue 3): the ingestion API, the import command and the demo all come through here.
 * Idempotent by order_id; all of a batch or none of it; images are checked by their bytes, written
 * only once the batch is valid, and removed again when it does not commit.
 */
export function createIngestService(ctx: AppContext) {
  async function writeImages(orders: readonly Prepared[]): Promise<WrittenImage[]> {
    const pending = orders.flatMap((p) => p.images.map((image) => ({ orderId: p.order.order_id, image })));
    const written: WrittenImage[] = [];
    try {
      for (let i = 0; i < pending.length; i += WRITE_CONCURRENCY) {
        await Promise.all(
          pending.slice(i, i + WRITE_CONCURRENCY).map(async (p) => {
            const fileName = await ctx.files.put(FILE_FOLDER.images, p.image.type.ext, p.image.bytes);
            written.push({ ...p, fileName });
          }),
        );
      }
    } catch (error) {
      await removeImages(written);
      throw error;
    }
    return written;
  }

  async function removeImages(images: readonly WrittenImage[]): Promise<void> {
    await Promise.all(images.map((w) => ctx.files.remove(FILE_FOLDER.images, w.fileName).catch(() => undefined)));
  }

  return {
    async ingest(orders: readonly IngestOrder[], options: IngestOptions): Promise<IngestOutcome> {
      const errors: Record<string, string> = {};
      const rejected: RejectedOrder[] = [];
      const valid: Prepared[] = [];
      for (const [index, order] of orders.entries()) {
        const decoded = decodeImages(order);
        const fields = Object.entries(decoded.errors) as [string, string][];
        if (fields.length === 0) {
          valid.push({ index, order, images: decoded.images });
          continue;
        }
        rejected.push({ index, order_id: order.order_id, errors: Object.fromEntries(fields) });
        for (const [field, message] of fields) errors[`orders.${index}.${field}`] = message;
      }
      if (rejected.length > 0 && !options.skipInvalid) {
        throw AppError.badRequest(Object.values(errors)[0] as string, errors);
      }

      // A repeat, in the database or earlier in this batch, is reported and changes nothing.
      const existing = await repo.existingOrderIds(
        ctx.db,
        valid.map((p) => p.order.order_id),
      );
      const fresh: Prepared[] = [];
      const duplicates: string[] = [];
      const seen = new Set<string>();
      for (const p of valid) {
        const id = p.order.order_id;
        if (existing.has(id) || seen.has(id)) duplicates.push(id);
        else fresh.push(p);
        seen.add(id);
      }

      const written = await writeImages(fresh);
      let inserted: { id: number; order_id: string }[];
      try {
        inserted = await inTransaction(ctx.transactions, async (trx, tx) => {
          const at = nowIso(ctx.clock);
          const gateways = await gatewaysRepo.activeByDomain(trx);
          const rows = await ctx.strategies.arrivalWrites.insert(
            trx,
            tx,
            fresh.map((p) => toRow(p.order, ctx, at, gateways)),
            options.source,
            at,
          );
          const idOf = new Map(rows.map((r) => [r.order_id, r.id]));
          await repo.insertImages(
            trx,
            written
              .filter((w) => idOf.has(w.orderId))
              .map((w) => ({
                order_key: idOf.get(w.orderId) as number,
                kind: w.image.kind,
                file_name: w.fileName,
                content_type: w.image.type.contentType,
                size: w.image.bytes.length,
                created_at: at,
              })),
          );
          if (rows.length > 0) tx.afterCommit(() => ctx.events.publish('orders.arrived', { count: rows.length }));
          return rows;
        });
      } catch (error) {
        await removeImages(written);
        throw error;
      }

      // Orders another request inserted meanwhile are duplicates too; their images are not needed.
      const created = new Set(inserted.map((r) => r.order_id));
      await removeImages(written.filter((w) => !created.has(w.orderId)));
      for (const p of fresh) if (!created.has(p.order.order_id)) duplicates.push(p.order.order_id);
      const createdIds = fresh.map((p) => p.order.order_id).filter((id) => created.has(id));
      return {
        created: createdIds,
        duplicates,
        rejected,
        message: ingestMessage(createdIds.length, duplicates.length),
      };
    },
  };
}
