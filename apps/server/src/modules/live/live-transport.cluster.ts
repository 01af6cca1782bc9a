import { type LiveEnvelope, type LiveTransport, localDelivery } from './live-transport.ts';

/** The message a worker sends its primary, and the primary sends the other workers (cluster.ts relays it). */
export interface ClusterLiveMessage {
  live: LiveEnvelope;
}

export const isClusterLiveMessage = (message: unknown): message is ClusterLiveMessage =>
  typeof message === 'object' && message !== null && typeof (message as ClusterLiveMessage).live === 'object';

/**
 * SQLite with WORKERS > 1: the workers are processes of one machine, so the primary relays each
 * message to the others over the IPC channel it already has with each of them (about 0.1 ms; a
 * table polled by every worker would cost a read per worker per tick and answer far later).
 */
export function clusterLiveTransport(): LiveTransport {
  const local = localDelivery();
  let listener: (message: LiveEnvelope['m']) => void = () => {};
  const heard = (message: unknown) => {
    if (isClusterLiveMessage(message) && message.live.src !== local.instanceId) listener(message.live.m);
  };
  process.on('message', heard);
  return {
    send(message) {
      local.deliver(message);
      process.send?.({ live: { src: local.instanceId, m: message } } satisfies ClusterLiveMessage);
    },
    onMessage(next) {
      listener = next;
      local.setListener(next);
    },
    close: async () => {
      process.off('message', heard);
    },
  };
}
