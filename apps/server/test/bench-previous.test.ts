import { describe, expect, it } from 'vitest';
import { parseReport, shortFigure } from '../../../bench/src/previous.ts';

const REPORT = `# Benchmark results

1,000,000 orders; … Run 2026-11-24T22:57:03Z (3.5 min) on 2 cores.

## SQLite (SQLite 3.54.1)

| figure | value | vs bare route | budget | result |
|---|---|---|---|---|
| order detail | p50 0.35 · p95 0.64 · p99 2.74 ms | 0.8× | p95 ≤ 10 ms | pass |
| mixed staff workload (20 s) | 2,824 req/s, 0 errors (p50 4.00 · p99 43.0 ms) | 4% of bare | ≥ 2,000 req/s, 0 errors | pass |

## PostgreSQL (PostgreSQL 15.14, shared_buffers 128MB, autovacuum off)

| figure | value | vs bare route | budget | result |
|---|---|---|---|---|
| order detail | p50 1.10 · p95 2.33 · p99 4.00 ms | 1.1× | p95 ≤ 10 ms | pass |
| dataset import | 7,012 orders/s (142.6 s, 6,442,031 rows) |  | — | info |
`;

describe('the previous report beside the new one (DESIGN §20)', () => {
  it('reads each database section’s figures in short form, and when it ran', () => {
    const previous = parseReport(REPORT);
    expect(previous.ranAt).toBe('2026-11-24T22:57:03Z');
    expect(previous.figure('SQLite', 'order detail')).toBe('p95 0.64 ms');
    expect(previous.figure('PostgreSQL', 'order detail')).toBe('p95 2.33 ms');
    expect(previous.figure('SQLite', 'mixed staff workload (20 s)')).toBe('2,824 req/s');
    expect(previous.figure('PostgreSQL', 'dataset import')).toBe('7,012 orders/s');
    expect(previous.figure('SQLite', 'a figure it did not have')).toBeNull();
  });

  it('shortens the kinds of value a report holds', () => {
    expect(shortFigure('p50 14.4 · p95 19.8 · p99 23.7 ms')).toBe('p95 19.8 ms');
    expect(shortFigure('64,702 req/s, 0 errors; latency p50 0.24 · p95 0.84 ms')).toBe('p95 0.84 ms');
    expect(shortFigure("0.14 of the bare route's (12,861 req/s against 93,314 req/s)")).toBe('0.14 of bare');
    expect(shortFigure('peak RSS 2257 MB')).toBeNull();
  });
});
