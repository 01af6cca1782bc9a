import { LIVE_CONTRACTS, LIVE_MSG, type LiveEventName, sseFrame } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { tokenFrom } from '../../plugins/staff-guard.ts';
import type { LiveHub, LiveStream } from './hub.ts';
import { createPresenceService } from './presence.service.ts';

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // nginx and similar proxies pass each event on at once instead of buffering the response
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

/** The live stream and presence (DESIGN §18). */
export function liveRoutes(app: FastifyInstance, ctx: AppContext, hub: LiveHub) {
  const presence = createPresenceService(ctx, hub);

  route(app, LIVE_CONTRACTS.stream, async (request, reply) => {
    // Each stream holds a socket and a file descriptor: a session (or a script with its token) may
    // not open them without end. Checked and opened in one turn of the event loop, so two racing
    // requests cannot both take the last place.
    if (!hub.mayOpen(request.staff.id, request.sessionId)) throw AppError.tooMany(LIVE_MSG.tooManyStreams);
    // The response is ours from here: it stays open until the member leaves or their session ends.
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, STREAM_HEADERS);
    // The heartbeat keeps it alive; the connection's idle time-out (CONNECTION_TIMEOUT_MS) must not end it.
    request.raw.socket.setTimeout(0);
    let ended = false;
    const stream: LiveStream = {
      member: request.staff,
      sessionId: request.sessionId,
      token: tokenFrom(request) ?? '',
      send(event: LiveEventName, data: unknown) {
        if (!ended) raw.write(sseFrame(event, data));
      },
      write(frames: string) {
        if (!ended) raw.write(frames);
      },
      ping() {
        if (!ended) raw.write(': heartbeat\n\n');
      },
      end() {
        if (ended) return;
        ended = true;
        hub.close(stream);
        raw.end();
      },
    };
    raw.on('close', () => {
      ended = true;
      hub.close(stream);
    });
    raw.write(`retry: 1000\n\n`);
    hub.open(stream);
    return reply;
  });

  route(app, LIVE_CONTRACTS.presence, async (request) => {
    const viewing = request.body?.viewing ?? true;
    const viewers = await presence.beat(request.staff, request.params.orderId, viewing);
    return ok('Presence', { viewers });
  });
}
