import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// s3rver ships no types: the three calls used here are typed in s3rver.d.ts beside this file
import S3rver from 's3rver';

/** An S3-protocol server on loopback (DESIGN §19: a real peer, no mock), one per test file. */
export interface TestS3 {
  /** STORAGE_URL, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY for an app that stores its files there */
  env: { STORAGE_URL: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string };
  endpoint: string;
  bucket: string;
  /** stops the server (an outage, for tests of one); `start` brings it back on the same port and folder */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** stops the server and removes its folder */
  close(): Promise<void>;
}

export const TEST_S3_BUCKET = 'eta-files';

/**
 * Starts s3rver on 127.0.0.1 with one bucket, keeping objects in a temp folder. `prefix` sets the
 * STORAGE_URL's key prefix, so two stores can share the bucket the way two deployments might.
 */
export async function startTestS3(prefix = 'desk'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'eta-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: TEST_S3_BUCKET }],
    });
    port = (await server.run()).port;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server?.close();
    server = null;
  };
  return {
    env: {
      STORAGE_URL: `s3://${TEST_S3_BUCKET}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
      // s3rver's own fixed credentials: it checks signatures made with them
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    endpoint,
    bucket: TEST_S3_BUCKET,
    stop,
    start,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
