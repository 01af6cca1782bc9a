import net from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect, type TestApp } from './test-app.ts';

/**
 * Issue 20, finding 1: an unauthenticated client that stalls or trickles a request body must not hold
 * a connection for ever. Short time-outs here; the test waits for the outcome, never for a duration.
 */
describeEachDialect('slow clients', (dialect) => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  async function listening(env: Record<string, string>): Promise<number> {
    t = await buildTestApp(dialect, env);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return address.port;
  }

  /** Headers announcing a body far longer than the client will ever send, and its first bytes. */
  function partialRequest(path: string): { head: string; part: string } {
    const head = `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`;
    return { head, part: '{"email": "' };
  }

  /** Opens a socket, runs `feed` on it, and resolves with whatever the server sent once it closed. */
  function untilClosed(port: number, feed: (socket: net.Socket) => void): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => feed(socket));
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
      });
      // A reset after the answer arrived is the server closing while the client still drips: the
      // answer is what counts (a busy host's CI saw ECONNRESET after the 408 had come).
      socket.on('error', (error) => (received ? resolve(received) : reject(error)));
      socket.on('close', () => resolve(received));
    });
  }

  it('closes a connection whose body stalls (track-order)', async () => {
    const port = await listening({ CONNECTION_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '3600000' });
    const { head, part } = partialRequest('/api/front/track-order');
    const received = await untilClosed(port, (socket) => socket.write(head + part));
    // The socket was closed by the server, having answered nothing: the body never came.
    expect(received).toBe('');
  });

  it('answers 408 to a body that trickles in, byte by byte (sign-in)', async () => {
    const port = await listening({ CONNECTION_TIMEOUT_MS: '3600000', REQUEST_TIMEOUT_MS: '400' });
    const { head, part } = partialRequest('/api/admin/admin-login');
    let drip: NodeJS.Timeout | undefined;
    const received = await untilClosed(port, (socket) => {
      socket.write(head);
      let sent = 0;
      // Always some byte on the wire, never the whole body: only the request time-out can end it.
      drip = setInterval(() => {
        if (!socket.writable) return;
        socket.write(sent < part.length ? (part[sent] as string) : 'x');
        sent += 1;
      }, 20);
    });
    clearInterval(drip);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });
});
