import type { PDFDocument } from 'pdf-lib';
import type { AppContext } from '../../context.ts';
import { FILE_FOLDER, type FileFolder, type FileStore } from '../../lib/file-store.ts';
import { loadPdf } from '../../lib/pdf/assemble.ts';
import { PLACEABLE_IMAGES } from '../../lib/pdf/images.ts';
import { unreadable } from '../../lib/pdf/pages.ts';
import type { Evidence } from './evidence.ts';

/** A stored file as a pack holds it: a PDF's pages, an image's bytes, or why neither could be had. */
export type PackFile =
  | { kind: 'pdf'; source: PDFDocument }
  | { kind: 'image'; bytes: Buffer; contentType: string }
  | { kind: 'problem'; problem: string };

/** The files a type 1 pack holds, read once for every attempt at fitting it to a processor's limits. */
export interface PackFiles {
  document: PackFile | null;
  passport: PackFile | null;
}

const MISSING_DOCUMENT = 'The stored file of the approved document could not be read; it can be supplied separately.';
const MISSING_IMAGE = 'The stored image could not be read; it can be supplied separately.';

async function read(
  files: FileStore,
  where: { folder: FileFolder; name: string },
  contentType: string,
  missing: string,
): Promise<PackFile> {
  let bytes: Buffer | null;
  try {
    bytes = await files.read(where.folder, where.name);
  } catch {
    bytes = null;
  }
  if (!bytes) return { kind: 'problem', problem: missing };
  if (contentType === 'application/pdf') {
    try {
      return { kind: 'pdf', source: await loadPdf(bytes) };
    } catch (error) {
      return { kind: 'problem', problem: unreadable(error) };
    }
  }
  if (PLACEABLE_IMAGES.has(contentType)) return { kind: 'image', bytes, contentType };
  return { kind: 'problem', problem: unreadable(new Error(`a ${contentType} file cannot be placed in a PDF`)) };
}

export async function readPackFiles(ctx: AppContext, evidence: Evidence): Promise<PackFiles> {
  const { document, passport } = evidence;
  const [doc, image] = await Promise.all([
    document
      ? read(
          ctx.files,
          { folder: FILE_FOLDER.documents, name: document.file1 },
          document.content_type,
          MISSING_DOCUMENT,
        )
      : null,
    passport
      ? read(ctx.files, { folder: FILE_FOLDER.images, name: passport.file_name }, passport.content_type, MISSING_IMAGE)
      : null,
  ]);
  return { document: doc, passport: image };
}

/** Whether re-encoding images could make this pack smaller: only images count, a PDF's pages are never re-drawn. */
export const hasImages = (files: PackFiles) => files.document?.kind === 'image' || files.passport?.kind === 'image';
