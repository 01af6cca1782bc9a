import { z } from 'zod';
import { PUBLIC_API } from '../public.ts';
import { downloadRecordSchema } from '../schemas/detail-replies.ts';
import { ingestBodySchema, ingestOrderSchema, ingestResultSchema } from '../schemas/orders.ts';
import {
  brandingQuerySchema,
  downloadDocumentSchema,
  downloadHistorySchema,
  downloadLinkSchema,
  publicDocumentPathSchema,
  publicMainResultSchema,
  siteBrandingSchema,
  trackDataSchema,
  trackOrderSchema,
} from '../schemas/public.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

/** The customers' calls (SPEC §7 public calls, DESIGN §8); PUBLIC_API keeps the bare paths. */
export const FRONT_API = {
  trackOrder: at('POST', PUBLIC_API.trackOrder),
  downloadHistory: at('POST', PUBLIC_API.downloadHistory),
  download: at('POST', PUBLIC_API.download),
  downloadFile: at('GET', `${PUBLIC_API.downloadFile}/:token`),
  branding: at('GET', PUBLIC_API.branding),
};

export const INGEST_API = {
  orders: at('POST', '/integrations/orders'),
};

const tag = 'Customer pages';
const customer = { scope: 'front' } as const;

export const INGEST_CONTRACTS = {
  orders: contract(INGEST_API.orders, {
    summary: 'Send new orders from an application website',
    description:
      'Signed with X-Api-Key. One order, `{ orders: [...] }` or a bare array, at most 1,000. 201 when at least one order was created, 200 when every one was already known.',
    tag: 'Integrations',
    access: { scope: 'integration' },
    body: ingestBodySchema,
    bodyShape: z.union([
      z.strictObject({ orders: z.array(ingestOrderSchema) }),
      z.array(ingestOrderSchema),
      ingestOrderSchema,
    ]),
    success: [201, 200],
    data: ingestResultSchema,
  }),
};

export const FRONT_CONTRACTS = {
  trackOrder: contract(FRONT_API.trackOrder, {
    summary: 'Find an order by id and email; gives the order access token',
    tag,
    access: { scope: 'public' },
    body: trackOrderSchema,
    data: trackDataSchema,
  }),
  downloadHistory: contract(FRONT_API.downloadHistory, {
    summary: 'The order, its current document and its downloads',
    tag,
    access: customer,
    body: downloadHistorySchema,
    data: z.array(downloadRecordSchema),
    beside: { mainResult: publicMainResultSchema, path: publicDocumentPathSchema.nullable() },
  }),
  download: contract(FRONT_API.download, {
    summary: 'Record a download and get a one-time link to the document',
    description: 'Records time, IP, time zone, browser and OS; the link is usable once within 10 minutes.',
    tag,
    access: customer,
    body: downloadDocumentSchema,
    data: downloadLinkSchema,
  }),
  downloadFile: contract(FRONT_API.downloadFile, {
    summary: 'The document behind a one-time link (used up by the GET)',
    description: 'No token header: the link is the proof. No HEAD route, so a probe cannot use the link up.',
    tag,
    access: { scope: 'public' },
    params: z.object({ token: z.string().min(1).max(2048) }),
    data: null,
    file: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'],
  }),
  branding: contract(FRONT_API.branding, {
    summary: 'Header, footer and links of the landing site an order (or the host) belongs to',
    description: 'The site follows the prefix of the order id in orderRef, else the request’s host, else primary.',
    tag,
    access: { scope: 'public' },
    query: brandingQuerySchema,
    data: siteBrandingSchema,
  }),
};
