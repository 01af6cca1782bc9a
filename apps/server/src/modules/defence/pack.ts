import type { DefenceLetter, DefencePackType } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { appendPdfPages } from '../../lib/pdf/assemble.ts';
import { createDoc, type Doc, finish } from '../../lib/pdf/document.ts';
import { type ImageStep, type PdfImage, pdfImage } from '../../lib/pdf/images.ts';
import { imagePage, noticePage, unreadable } from '../../lib/pdf/pages.ts';
import type { Evidence } from './evidence.ts';
import { renderLetter } from './letter-pdf.ts';
import type { PackFile, PackFiles } from './pack-files.ts';
import { compactEvidence, fullSections, passportSection } from './pack-sections.ts';

const DOCUMENT_CAPTION = 'Annex: the approved eTA document as delivered to the customer';

export interface PackOptions {
  /** the timeline and download log cut to what matters (DESIGN §15, the last step before 422) */
  trimmed: boolean;
  /** images re-encoded this far (DESIGN §15, the first step); null: as stored */
  images: ImageStep | null;
}

export interface BuiltPack {
  bytes: Buffer;
  pages: number;
  /** an image in it was made smaller than its stored file */
  reencoded: boolean;
  /** the applicant's passport image is drawn in it (pack 1, when asked for and readable) */
  passport: boolean;
}

/** An image file made ready for a page, or why it cannot be: the page then says so. */
async function imageOf(file: PackFile, step: ImageStep | null): Promise<PdfImage | string> {
  if (file.kind === 'problem') return file.problem;
  if (file.kind === 'pdf') return unreadable(new Error('a PDF is not an image'));
  try {
    return await pdfImage(file.bytes, file.contentType, step);
  } catch (error) {
    return unreadable(error);
  }
}

/** The approved document after our pages: an image or a notice on a page of ours; a PDF's pages to append. */
async function annex(doc: Doc, file: PackFile | null, step: ImageStep | null) {
  if (!file) return { pdf: null, reencoded: false };
  if (file.kind === 'pdf') return { pdf: file.source, reencoded: false };
  const image = await imageOf(file, step);
  if (typeof image === 'string') {
    noticePage(doc, DOCUMENT_CAPTION, image);
    return { pdf: null, reencoded: false };
  }
  imagePage(doc, DOCUMENT_CAPTION, image);
  return { pdf: null, reencoded: image.reencoded };
}

/**
 * A defence pack (issue 6): pdfkit lays out the letter, the evidence and any image, and numbers its
 * pages counting the approved PDF document's own pages, which pdf-lib then appends as they are.
 */
export async function buildDefencePack(
  ctx: AppContext,
  evidence: Evidence,
  letter: DefenceLetter,
  type: DefencePackType,
  files: PackFiles,
  options: PackOptions,
): Promise<BuiltPack> {
  const business = ctx.config.business.name;
  const orderId = evidence.order.order_id;
  const doc = createDoc({
    title: `Chargeback defence pack ${type} - order ${orderId}`,
    author: business,
    subject: `Response to the chargeback on order ${orderId}`,
    header: { left: business, right: `Chargeback defence pack ${type} · Order ${orderId}` },
  });
  renderLetter(doc, letter);
  let reencoded = false;
  let passport = false;
  let appended = null;
  if (type === 1) {
    fullSections(doc, evidence, options.trimmed);
    if (files.passport) {
      const image = await imageOf(files.passport, options.images);
      passport = passportSection(doc, image);
      reencoded ||= typeof image !== 'string' && image.reencoded;
    }
    const outcome = await annex(doc, files.document, options.images);
    appended = outcome.pdf;
    reencoded ||= outcome.reencoded;
  } else {
    compactEvidence(doc, evidence);
  }
  const ours = doc.bufferedPageRange().count;
  const after = appended?.getPageCount() ?? 0;
  const footer = { left: `Order ${orderId} · ${business} · Confidential`, pagesAfter: after };
  const bytes = await finish(doc, footer);
  if (!appended) return { bytes, pages: ours, reencoded, passport };
  try {
    const all = Buffer.from(await appendPdfPages(bytes, appended, orderId));
    return { bytes: all, pages: ours + after, reencoded, passport };
  } catch (error) {
    // pages that would not copy: the pack is made again with a notice in their place
    const problem: PackFile = { kind: 'problem', problem: unreadable(error) };
    return buildDefencePack(ctx, evidence, letter, type, { ...files, document: problem }, options);
  }
}
