/** Where files live (DESIGN §19), read by config.ts from STORAGE_URL and S3_*. */
export type StorageConfig = { kind: 'disk' } | ({ kind: 's3' } & S3Settings);

export interface S3Settings {
  bucket: string;
  /** key prefix without its trailing slash; '' for the bucket's root */
  prefix: string;
  /** null: the provider's own endpoint (AWS) */
  endpoint: string | null;
  region: string;
  /** path-style addresses (http://host/bucket/key), which most S3-compatible servers need */
  forcePathStyle: boolean;
  /** null: the SDK's own credential chain (instance role, AWS_* variables, profile) */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Where STORAGE_URL points, before S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are added (`withCredentials`). */
export type StorageLocation = { kind: 'disk' } | ({ kind: 's3' } & Omit<S3Settings, 'credentials'>);

/**
 * STORAGE_URL unset: files under DATA_DIR. `s3://bucket/prefix?endpoint=http://host:port&region=…&forcePathStyle=true`:
 * every file in that bucket under that prefix, with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.
 */
export function storageFrom(given: string | undefined, _name: string, problems: string[]): StorageLocation {
  const raw = given?.trim();
  if (!raw) return { kind: 'disk' };
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    problems.push('STORAGE_URL must look like s3://bucket/prefix?endpoint=http://host:port&region=…');
    return { kind: 'disk' };
  }
  if (parsed.protocol !== 's3:') {
    problems.push(`STORAGE_URL must start with s3:// (got ${parsed.protocol}//)`);
    return { kind: 'disk' };
  }
  const bucket = parsed.hostname;
  if (!S3_BUCKET.test(bucket)) problems.push(`STORAGE_URL's bucket "${bucket}" is not a valid S3 bucket name`);
  const prefix = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, '');
  if (/[^A-Za-z0-9/._-]/.test(prefix) || prefix.split('/').some((part) => part === '..' || part === '.')) {
    problems.push('STORAGE_URL\'s prefix may hold letters, digits, "/", ".", "_" and "-" only');
  }
  const endpoint = parsed.searchParams.get('endpoint');
  if (endpoint !== null && !/^https?:\/\/[^\s/]+/.test(endpoint)) {
    problems.push("STORAGE_URL's endpoint must be an http:// or https:// address");
  }
  const style = parsed.searchParams.get('forcePathStyle');
  if (style !== null && style !== 'true' && style !== 'false') {
    problems.push("STORAGE_URL's forcePathStyle must be true or false");
  }
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint,
    region: parsed.searchParams.get('region') || 'us-east-1',
    forcePathStyle: style === 'true',
  };
}

/** The S3 credentials (both or neither; neither: the SDK's own chain) added to an s3 location. */
export function withCredentials(
  location: StorageLocation,
  accessKeyId: string,
  secretAccessKey: string,
  problems: string[],
): StorageConfig {
  if (location.kind === 'disk') return location;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  }
  return { ...location, credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null };
}

/** The storage for logs and the readiness answer: never a credential. */
export function describeStorage(storage: StorageConfig, dataDir: string): string {
  if (storage.kind === 'disk') return dataDir;
  return `s3://${storage.bucket}/${storage.prefix}${storage.endpoint ? ` at ${storage.endpoint}` : ''}`;
}
