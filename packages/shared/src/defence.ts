import { DEFENCE_STATUSES } from './statuses.ts';

/** SPEC §9: defence pack types 1 (full pack) and 2 (compact pack). */
export const DEFENCE_PACK_TYPES = [1, 2] as const;
export type DefencePackType = (typeof DEFENCE_PACK_TYPES)[number];

/** The pack that may carry the applicant's passport image when the member asks (DESIGN §15, §22): the full one. */
export const PASSPORT_PACK_TYPE = 1 satisfies DefencePackType;

/** Type 2 is for processors that cap the pages of a response. */
export const COMPACT_PACK_MAX_PAGES = 4;

/** SPEC §4: the Defence Pack buttons and Enter Transaction Details are enabled only in these statuses. */
export const defenceEnabled = (status: string | null | undefined): boolean =>
  status != null && (DEFENCE_STATUSES as readonly string[]).includes(status);

/** `{orderId}_defence_pack_{type}.pdf` */
export const defencePackFileName = (orderId: string, type: DefencePackType): string =>
  `${orderId}_defence_pack_${type}.pdf`;

/**
 * The sentence every defence letter and pack carries (SPEC §1: the service is not affiliated with the
 * government). Written once: the letter, the PDF and the tests read it from here.
 */
export const DEFENCE_DISCLAIMER =
  'is a private company and is not affiliated with, endorsed by or acting on behalf of the UK Government, the Home Office or any other government body.';

/** Server replies about defence packs, transaction details and invoices (SPEC leaves them open, DESIGN §5). */
export const DEFENCE_MSG = {
  letter: 'Defence letter',
  transactionSaved: 'Transaction details saved successfully',
  notEntered: 'not entered',
  packTypeInvalid: 'defencePackType must be 1 or 2.',
  /** DESIGN §22: the short pack has no passport option; asking for one is a contradiction, not a wish to ignore */
  noPassportInPack2: 'Defence Pack 2 holds no passport image: includePassport is for Defence Pack 1 only.',
  invoiceNoAmount: 'This order has no amount, so no invoice can be made for it.',
  invoiceNoEmail: 'This order has no contact email address to send the invoice to.',
  busy: 'Too many documents are being prepared right now. Please try again in a moment.',
} as const;

/** 409 outside DEFENCE_STATUSES: names the status the order has and the ones that allow it. */
export const defenceRefusedMessage = (status: string): string =>
  `Defence packs and transaction details are available only for orders in ${DEFENCE_STATUSES.join(', ')}. This order is ${status.trim() || 'without a status'}.`;

export const invoiceNotFoundMessage = (orderId: string): string => `No order found with order id ${orderId}.`;

export const invoiceSentMessage = (invoiceNumber: string, to: string, again: boolean): string =>
  `Invoice ${invoiceNumber} has been ${again ? 'queued to be sent again' : 'queued to be sent'} to ${to}.`;
