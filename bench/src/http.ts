import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** One kept-alive connection to a server on loopback, one request at a time: latency, not load. */
export interface Client {
  call(method: string, path: string, token?: string | null, body?: unknown): Promise<Reply>;
  close(): void;
}

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies of many routes
  json: any;
  ms: number;
}

export function createClient(port: number): Client {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    call(method, path, token, body) {
      const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
      const headers: Record<string, string | number> = {};
      if (token) headers.authorization = token;
      if (payload) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = payload.length;
      }
      return new Promise((resolve, reject) => {
        const started = performance.now();
        const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const ms = performance.now() - started;
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown = null;
            try {
              json = text ? JSON.parse(text) : null;
            } catch {
              json = text;
            }
            resolve({ status: res.statusCode ?? 0, json, ms });
          });
          res.on('error', reject);
        });
        req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
        req.on('error', reject);
        req.end(payload ?? undefined);
      });
    },
    close: () => agent.destroy(),
  };
}

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  count: number;
}

/** Nearest-rank percentiles of a list of milliseconds. */
export function percentiles(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0, count: sorted.length };
}
