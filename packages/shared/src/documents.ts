/** SPEC §3 uploadDoc.is_rejected_doc: the two values a document's row holds. */
export const DOCUMENT_REJECTED = 'Yes';
export const DOCUMENT_NOT_REJECTED = 'No';

/**
 * The rejected-document rule, written once: a rejected document is never served, mailed, resent or
 * put forward as delivered (DESIGN §8, §9). Rows from an import may differ in case or spaces.
 */
export const isRejectedDocument = (doc: { is_rejected_doc: string }): boolean =>
  doc.is_rejected_doc.trim().toLowerCase() === DOCUMENT_REJECTED.toLowerCase();
