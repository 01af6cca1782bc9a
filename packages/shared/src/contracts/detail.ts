import { z } from 'zod';
import { DOCUMENT_ACCEPT } from '../mail.ts';
import { MSG } from '../messages.ts';
import {
  addRemarkSchema,
  orderDocumentParamsSchema,
  orderImageParamsSchema,
  orderPathSchema,
  rejectionMailSchema,
  resendMailSchema,
  retryMailSchema,
  UPLOAD_FILE_FIELD,
  uploadFormFieldsSchema,
} from '../schemas/detail.ts';
import { emailContentSchema, orderDetailSchema, remarkRecordSchema } from '../schemas/detail-replies.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

/** Follow-up dates on Awaiting Customer and Awaiting Govt (DESIGN §18). */
export const DETAIL_API = {
  detail: at('GET', '/admin/get-orders-details/:orderId'),
  image: at('GET', '/admin/order-image/:orderId/:kind'),
  document: at('GET', '/admin/order-document/:orderId/:documentId'),
  addRemark: at('POST', '/admin/add-new-remark'),
  emailContent: at('GET', '/admin/email-content/:orderId'),
  retryMail: at('POST', '/admin/retry-mail'),
  upload: at('POST', '/admin/upload-visa-document'),
  resendMail: at('POST', '/admin/resend-mail'),
  rejectionMail: at('POST', '/admin/send-rejection-mail'),
};

const work = { capability: 'orders.work' } as const;
const mailId = z.strictObject({ mailId: z.number().int() });

export const DETAIL_CONTRACTS = {
  detail: contract(DETAIL_API.detail, {
    summary: 'Everything about one order: fields, documents, mails, downloads, remarks, activity',
    tag: 'Order detail',
    access: work,
    params: orderPathSchema,
    data: orderDetailSchema,
  }),
  image: contract(DETAIL_API.image, {
    summary: 'The passport or selfie image of an order (the stored bytes, never cached; each read logged)',
    tag: 'Order detail',
    access: { capability: 'images.view' },
    params: orderImageParamsSchema,
    data: null,
    file: ['image/jpeg', 'image/png', 'image/webp'],
  }),
  document: contract(DETAIL_API.document, {
    summary: 'An uploaded document of an order (the stored bytes, never cached)',
    tag: 'Order detail',
    access: work,
    params: orderDocumentParamsSchema,
    data: null,
    file: DOCUMENT_ACCEPT.split(','),
  }),
  addRemark: contract(DETAIL_API.addRemark, {
    summary: 'Add a remark to an order',
    tag: 'Order detail',
    access: work,
    body: addRemarkSchema,
    success: [201],
    data: remarkRecordSchema,
  }),
  emailContent: contract(DETAIL_API.emailContent, {
    summary: 'The approval mail exactly as it would be sent now',
    tag: 'Documents and mail',
    access: work,
    params: orderPathSchema,
    data: emailContentSchema,
  }),
  retryMail: contract(DETAIL_API.retryMail, {
    summary: 'Send failed mails of an order again (every one, or the one named)',
    tag: 'Documents and mail',
    access: work,
    body: retryMailSchema,
    data: z.strictObject({ mailIds: z.array(z.number().int()) }),
  }),
  upload: contract(DETAIL_API.upload, {
    summary: 'Upload the eTA document of an order and queue the approval mail (and with complete=true, complete it)',
    description: `multipart/form-data: the text fields and the file in \`${UPLOAD_FILE_FIELD}\` (PDF, JPEG, PNG or WebP, at most 10 MB).`,
    tag: 'Documents and mail',
    access: work,
    form: uploadFormFieldsSchema.extend({ [UPLOAD_FILE_FIELD]: z.file({ error: MSG.fileRequired }) }),
    success: [201],
    data: z.strictObject({ documentId: z.number().int(), file1: z.string() }),
  }),
  resendMail: contract(DETAIL_API.resendMail, {
    summary: 'Queue the approval mail again for the current document',
    tag: 'Documents and mail',
    access: work,
    body: resendMailSchema,
    data: mailId,
  }),
  rejectionMail: contract(DETAIL_API.rejectionMail, {
    summary: 'Reject the latest document and queue the rejection mail',
    tag: 'Documents and mail',
    access: work,
    body: rejectionMailSchema,
    data: mailId,
  }),
};
