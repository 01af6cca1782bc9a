import { createHash } from 'node:crypto';

/**
 * The same fixed work timed on every run, so a report can tell a slow machine from slow code. The
 * machines this runs on are shared, and they differ: the same server code used 0.54 ms of CPU a
 * mixed request in one session and 0.88–0.94 ms in the next, on a machine whose register-only loop
 * ran at full speed but whose memory was slow (a random read over 4 MB, which the cache should
 * hold, took 70 ns; over 256 MB, 214 ns). Both checks are printed at the start and at the end of a
 * run, and written into the report; lower is faster.
 */
export interface MachineCheck {
  /** milliseconds to hash a 1 MB buffer 64 times with SHA-256: native code on data the cache holds */
  hashMs: number;
  /** nanoseconds a read, each read's address taken from the one before, over 64 MB */
  memoryReadNs: number;
}

const HASH_BUFFER = Buffer.alloc(1024 * 1024, 7);
const HASH_ROUNDS = 64;
const MEMORY_WORDS = 16 * 1024 * 1024;
const MEMORY_READS = 2_000_000;
let sink = 0;

/** Native code, so the figure does not depend on when V8 optimises a loop (a JavaScript loop's did, 5×). */
function hashMs(): number {
  const started = performance.now();
  for (let i = 0; i < HASH_ROUNDS; i += 1) sink ^= createHash('sha256').update(HASH_BUFFER).digest()[0] as number;
  return performance.now() - started;
}

/** One cycle through every slot in a random order (Sattolo), so no read can be guessed or cached. */
function randomCycle(words: number): Int32Array {
  const next = new Int32Array(words);
  for (let i = 0; i < words; i += 1) next[i] = i;
  let state = 0x9e3779b9;
  for (let i = words - 1; i > 0; i -= 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % i;
    const t = next[i] as number;
    next[i] = next[j] as number;
    next[j] = t;
  }
  return next;
}

function memoryReadNs(next: Int32Array): number {
  const started = performance.now();
  let at = 0;
  for (let i = 0; i < MEMORY_READS; i += 1) at = next[at] as number;
  sink ^= at;
  return ((performance.now() - started) * 1e6) / MEMORY_READS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** About a second: each check three times, the median kept. */
export function checkMachine(): MachineCheck {
  const next = randomCycle(MEMORY_WORDS);
  const hashes: number[] = [];
  const reads: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    hashes.push(hashMs());
    reads.push(memoryReadNs(next));
  }
  // an integer is never 0.5: this only makes the result used, so the work cannot be optimised away
  if (sink === 0.5) console.log(sink);
  return { hashMs: median(hashes), memoryReadNs: median(reads) };
}

export const describeCheck = (check: MachineCheck) =>
  `SHA-256 of 64 MB ${check.hashMs.toFixed(0)} ms, random memory read ${check.memoryReadNs.toFixed(0)} ns`;
