import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type DownloadDocumentInput,
  domainOfOrderId,
  encodeOrderRef,
  isRejectedDocument,
  PUBLIC_ACCESS_TTL_SECONDS,
  PUBLIC_API,
  PUBLIC_LINK_TTL_SECONDS,
  PUBLIC_MSG,
  type PublicDocumentPath,
  type PublicMainResult,
  STATUS,
  type TrackOrderInput,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { FILE_FOLDER, type StoredFile } from '../../lib/file-store.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { describeUserAgent, USER_AGENT_MAX } from '../../lib/user-agent.ts';
import { createPublicTokens } from './access.ts';
import * as repo from './public.repository.ts';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Constant-time comparison of two emails, already normalised. */
const sameText = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));
const normaliseEmail = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();

/** The browser's IANA time zone (e.g. Europe/London), or null for anything else (offsets, junk). */
export function ianaTimeZone(value: string | null | undefined): string | null {
  if (!value || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return null;
  }
}

export interface Client {
  ip: string;
  userAgent: string | undefined;
}

export interface DocumentFile {
  file: StoredFile;
  contentType: string;
  fileName: string;
}

/** Customers track an order, see its downloads and download the eTA (SPEC §2, §7; DESIGN §8). */
export function createPublicService(ctx: AppContext) {
  const tokens = createPublicTokens(ctx.config.jwtSecret, ctx.clock);

  async function loadOrder(orderId: string) {
    const order = await repo.findOrderForTracking(ctx.db, orderId);
    if (!order) throw AppError.notFound(PUBLIC_MSG.accessNeeded);
    return order;
  }

  /** The stored document, open for reading; 404 when it is not there to serve. */
  async function storedFileOf(file1: string): Promise<StoredFile> {
    const file = await ctx.files.open(FILE_FOLDER.documents, file1);
    if (!file) throw AppError.notFound(PUBLIC_MSG.fileMissing);
    return file;
  }

  return {
    verifyAccess: tokens.verifyAccess,

    /**
     * Order id and email must both match. A wrong id and a wrong email do the same work (one lookup,
     * one comparison, one signature) and get the same answer, so the answer tells nothing about which.
     */
    async track(input: TrackOrderInput): Promise<{ accessToken: string; orderRef: string; expiresIn: number }> {
      const order = await repo.findOrderForTracking(ctx.db, input.orderId);
      const expected = normaliseEmail(order?.contact_email_address);
      const emailMatches = sameText(expected, normaliseEmail(input.email));
      const accessToken = await tokens.signAccess(order?.order_id ?? input.orderId);
      if (!order || !expected || !emailMatches) throw AppError.notFound(PUBLIC_MSG.trackNoMatch);
      return { accessToken, orderRef: encodeOrderRef(order.order_id), expiresIn: PUBLIC_ACCESS_TTL_SECONDS };
    },

    async history(orderId: string) {
      const order = await loadOrder(orderId);
      const awaiting = order.process_status === STATUS.Awaiting;
      const [doc, downloads, publicNote] = await Promise.all([
        repo.findCurrentDocument(ctx.db, order.id),
        repo.listDownloads(ctx.db, order.id),
        awaiting ? repo.lastPublicNote(ctx.db, order.id) : null,
      ]);
      const ready = doc !== undefined && !isRejectedDocument(doc);
      const mainResult: PublicMainResult = {
        order_id: order.order_id,
        first_name: order.first_name,
        sur_name: order.sur_name,
        full_name: [order.first_name, order.sur_name].filter(Boolean).join(' '),
        domain: domainOfOrderId(order.order_id, ctx.config.domainPrefixes),
        documentReady: ready,
        applicationRejected: doc !== undefined && isRejectedDocument(doc),
        process_status: order.process_status,
        publicNote,
      };
      const path: PublicDocumentPath | null = ready ? { file1: doc.file1, customer_name: doc.customer_name } : null;
      // SPEC §3 downloadHistory rows carry the order id (the public one, never the row id).
      return { data: downloads.map((row) => ({ order_id: order.order_id, ...row })), mainResult, path };
    },

    /** Records the download (evidence for disputes), then hands out a one-time link to the file. */
    async recordDownload(
      orderId: string,
      input: DownloadDocumentInput,
      client: Client,
    ): Promise<{ downloadUrl: string }> {
      const order = await loadOrder(orderId);
      const doc = await repo.findCurrentDocument(ctx.db, order.id);
      if (!doc || isRejectedDocument(doc) || doc.file1 !== input.file1)
        throw AppError.notFound(PUBLIC_MSG.documentUnavailable);
      // The log is chargeback evidence: a download is recorded only when there is a file to serve.
      if ((await ctx.files.sizeOf(FILE_FOLDER.documents, doc.file1)) === null)
        throw AppError.notFound(PUBLIC_MSG.fileMissing);
      const software = describeUserAgent(client.userAgent);
      const now = ctx.clock();
      const at = nowIso(() => now);
      const jti = tokens.newJti();
      await inTransaction(ctx.transactions, async (trx) => {
        const downloadId = await repo.insertDownload(trx, {
          order_key: order.id,
          document_id: doc.id,
          create_ts: at,
          ip: client.ip,
          timezone: ianaTimeZone(input.timezone),
          browser: software.browser,
          os: software.os,
          user_agent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
        });
        await repo.deleteExpiredLinks(trx, at);
        await repo.insertLink(trx, {
          jti,
          order_key: order.id,
          document_id: doc.id,
          download_id: downloadId,
          created_at: at,
          expires_at: nowIso(() => now + PUBLIC_LINK_TTL_SECONDS * 1000),
        });
      });
      return { downloadUrl: `/api${PUBLIC_API.downloadFile}/${tokens.signLink(jti)}` };
    },

    /** Opens a link once. Expired, used, altered or foreign links, and rejected documents: 403. */
    async openLink(token: string): Promise<DocumentFile> {
      const jti = tokens.verifyLink(token);
      const doc = jti ? await repo.consumeLink(ctx.db, jti, nowIso(ctx.clock)) : undefined;
      if (!doc) throw AppError.forbidden(PUBLIC_MSG.linkRefused);
      if (isRejectedDocument(doc)) throw AppError.forbidden(PUBLIC_MSG.documentUnavailable);
      const file = await storedFileOf(doc.file1);
      const ext = EXTENSIONS[doc.content_type];
      const safeId = doc.order_ref.replace(/[^A-Za-z0-9-]/g, '_');
      return {
        file,
        contentType: ext ? doc.content_type : 'application/octet-stream',
        fileName: `${safeId}_eTA.${ext ?? 'bin'}`,
      };
    },
  };
}

export type PublicService = ReturnType<typeof createPublicService>;
