import { readFile } from 'node:fs/promises';
import type { DefenceLetter, DefencePackType } from '@eta/shared';
import { PDFDocument } from 'pdf-lib';
import type { AppContext } from '../../context.ts';
import { createFileStore, FILE_FOLDER } from '../../lib/file-store.ts';
import { appendDocument, noticePage, stampPages } from '../../lib/pdf/assemble.ts';
import { createDoc, finish } from '../../lib/pdf/document.ts';
import type { Evidence } from './evidence.ts';
import { renderLetter } from './letter-pdf.ts';
import { compactEvidence, fullSections, passportSection } from './pack-sections.ts';

const DOCUMENT_CAPTION = 'Annex: the approved eTA document as delivered to the customer';

/**
 * A defence pack (issue 6): pdfkit lays out the letter and the evidence, pdf-lib appends the
 * approved document's own pages (type 1) and numbers every page with the order id on it.
 */
export interface BuiltPack {
  bytes: Buffer;
  pages: number;
}

export async function buildDefencePack(
  ctx: AppContext,
  evidence: Evidence,
  letter: DefenceLetter,
  type: DefencePackType,
  options: { trimmed: boolean } = { trimmed: false },
): Promise<BuiltPack> {
  const store = createFileStore(ctx.config.dataDir);
  const business = ctx.config.business.name;
  const orderId = evidence.order.order_id;
  const doc = createDoc({
    title: `Chargeback defence pack ${type} - order ${orderId}`,
    author: business,
    subject: `Response to the chargeback on order ${orderId}`,
    header: { left: business, right: `Chargeback defence pack ${type} · Order ${orderId}` },
  });
  renderLetter(doc, letter);
  if (type === 1) {
    fullSections(doc, evidence, options.trimmed);
    const passport = evidence.passport;
    passportSection(
      doc,
      passport ? store.pathOf(FILE_FOLDER.images, passport.file_name) : null,
      passport?.content_type ?? null,
    );
  } else {
    compactEvidence(doc, evidence);
  }
  const pdf = await PDFDocument.load(await finish(doc), { updateMetadata: false });
  const ours = new Set(pdf.getPageIndices());

  if (type === 1 && evidence.document) {
    const before = pdf.getPageCount();
    const { file1, content_type } = evidence.document;
    let bytes: Buffer | null = null;
    try {
      bytes = await readFile(store.pathOf(FILE_FOLDER.documents, file1));
    } catch {
      await noticePage(
        pdf,
        DOCUMENT_CAPTION,
        'The stored file of the approved document could not be read; it can be supplied separately.',
      );
    }
    const outcome = bytes ? await appendDocument(pdf, bytes, content_type, DOCUMENT_CAPTION) : { ours: true };
    if (outcome.ours) for (let i = before; i < pdf.getPageCount(); i += 1) ours.add(i);
  }

  await stampPages(pdf, (i) => ours.has(i), orderId, `Order ${orderId} · ${business} · Confidential`);
  return { bytes: Buffer.from(await pdf.save()), pages: pdf.getPageCount() };
}
