import type { Config } from '../config.ts';
import type { FileStore } from './file-store.ts';
import { createDiskStore } from './file-store-disk.ts';

/**
 * The store STORAGE_URL names (DESIGN §19), made once in buildApp. The S3 client is loaded only
 * when it is used, so a disk deployment never pays for its start-up.
 */
export async function openFileStore(config: Pick<Config, 'dataDir' | 'storage'>): Promise<FileStore> {
  if (config.storage.kind === 'disk') return createDiskStore(config.dataDir);
  const { createS3Store } = await import('./file-store-s3.ts');
  return createS3Store(config.storage);
}
