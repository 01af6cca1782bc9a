import { presenceBodySchema, presencePathSchema, presenceReplySchema } from '../schemas/live.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

/** Working live (DESIGN §18): the stream of changes and who has an order open. */
export const LIVE_API = {
  stream: at('GET', '/admin/live'),
  presence: at('POST', '/admin/orders/:orderId/presence'),
};

const tag = 'Working live';

/** Working live (DESIGN §18). */
export const LIVE_CONTRACTS = {
  stream: contract(LIVE_API.stream, {
    summary: 'Server-Sent Events for the signed-in member: counts, order changes, presence, notifications',
    description:
      "Events `ready`, `counts` (the member's folder counts, at most one every 500 ms), `order` ({ orderId, status, assignee, by, kind, from } for orders in folders the member may see), `presence` ({ orderId, viewers }) and `notification` (one of the member's own notifications, as `GET /api/admin/notifications` lists them; sent to that member alone). A comment line every 25 s keeps the stream open through proxies. Read it with fetch streaming: EventSource cannot send the Authorization header. The stream closes when the session is revoked or expires.",
    tag,
    access: { capability: 'signedIn' },
    data: null,
    file: ['text/event-stream'],
  }),
  presence: contract(LIVE_API.presence, {
    summary: 'Say that the caller has the order detail open (a heartbeat, 60 s to live), or closed it',
    tag,
    access: { capability: 'orders.work' },
    params: presencePathSchema,
    body: presenceBodySchema,
    data: presenceReplySchema,
  }),
};
