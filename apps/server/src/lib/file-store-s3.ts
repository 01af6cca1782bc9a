import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../storage-config.ts';
import {
  assertSafeName,
  type FileFolder,
  type FileStore,
  randomFileName,
  StorageUnavailableError,
} from './file-store.ts';

/** A store that cannot be reached fails a request in seconds, not after the OS gives up on the socket. */
const CONNECT_TIMEOUT_MS = 5_000;
/** no byte for this long on an open request (a stalled transfer) fails it */
const SOCKET_IDLE_MS = 60_000;

/**
 * An answer that says the store is down or unreachable (no HTTP answer, a 5xx, a throttle), as
 * opposed to a refusal of this request (403, 404), which stays what it is.
 */
const isOutage = (error: unknown) => {
  if (!(error instanceof S3ServiceException)) return true;
  const status = error.$metadata.httpStatusCode ?? 0;
  return status === 0 || status >= 500 || status === 429;
};

/** What went wrong, in a word an operator can look up: S3's error name, an HTTP status or a socket error. */
function problemCode(error: unknown): string {
  if (error instanceof S3ServiceException) {
    // HEAD answers carry no body, so S3 names them only by status
    return error.name === 'Unknown' || error.name === 'NotFound' || error.name === '403'
      ? `HTTP ${error.$metadata.httpStatusCode ?? '?'}`
      : error.name;
  }
  return (error as NodeJS.ErrnoException).code ?? (error as Error).name ?? 'unknown';
}

/** Every call goes through here: an outage becomes StorageUnavailableError (503 to the client, errors.ts). */
async function guard<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw isOutage(error) ? new StorageUnavailableError(error) : error;
  }
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Files as objects of an S3-compatible bucket (DESIGN §19), keyed `{prefix}/{folder}/{name}`.
 * Downloads stream from the object's body; a PUT is complete before it returns (S3 never shows half
 * an object), so the row that names it commits after the object exists.
 */
export function createS3Store(settings: S3Settings): FileStore {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: SOCKET_IDLE_MS },
    // Checksums only where S3 requires them: S3-compatible servers (MinIO, Ceph, s3rver) do not all
    // accept the SDK's default trailing checksums on streamed uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const folderPrefix = (folder: FileFolder) => (settings.prefix ? `${settings.prefix}/${folder}/` : `${folder}/`);
  const keyOf = (folder: FileFolder, name: string) => {
    assertSafeName(folder, name);
    return `${folderPrefix(folder)}${name}`;
  };

  const store: FileStore = {
    kind: 's3',
    put: (folder, ext, bytes) => store.putAs(folder, randomFileName(ext), bytes),

    async putAs(folder, name, content) {
      const bytes = content instanceof Uint8Array;
      await guard(
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: keyOf(folder, name),
            Body: bytes ? content : content.body,
            ContentLength: bytes ? content.byteLength : content.size,
          }),
        ),
      );
      return name;
    },

    async sizeOf(folder, name) {
      try {
        const head = await guard(client.send(new HeadObjectCommand({ Bucket, Key: keyOf(folder, name) })));
        return Number(head.ContentLength ?? 0);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async open(folder, name) {
      try {
        const object = await guard(client.send(new GetObjectCommand({ Bucket, Key: keyOf(folder, name) })));
        return { size: Number(object.ContentLength ?? 0), body: object.Body as Readable };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async read(folder, name) {
      const file = await store.open(folder, name);
      return file ? buffer(file.body) : null;
    },

    async remove(folder, name) {
      // S3 answers a delete of a missing key with success, as the disk store does.
      await guard(client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(folder, name) })));
    },

    async *list(folder) {
      const Prefix = folderPrefix(folder);
      let ContinuationToken: string | undefined;
      do {
        const page = await guard(client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken })));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(Prefix.length) ?? '';
          // a deeper key (another tool's file) is not one of ours
          if (!name || name.includes('/')) continue;
          yield { name, size: Number(object.Size ?? 0), modifiedMs: object.LastModified?.getTime() ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    /** One cheap call: the bucket is there and these credentials may use it. */
    async problems() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return [];
      } catch (error) {
        return [{ folder: 'bucket', code: problemCode(error) }];
      }
    },

    close: async () => client.destroy(),
  };
  return store;
}
