import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { FILE_FOLDER } from './file-store.ts';

export interface StorageProblem {
  folder: string;
  /** the file system's error code (EACCES, EROFS, ENOTDIR …) */
  code: string;
}

/**
 * Whether each file folder under DATA_DIR can be read and written (GET /readyz, DESIGN §19). A
 * missing folder is made, as the store makes it before its first file; a read-only mount, a folder
 * the service's user cannot write or a file in a folder's place is a problem.
 */
export async function storageProblems(root: string): Promise<StorageProblem[]> {
  const problems: StorageProblem[] = [];
  for (const folder of Object.values(FILE_FOLDER)) {
    const dir = path.join(root, folder);
    try {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
    } catch (error) {
      problems.push({ folder, code: (error as NodeJS.ErrnoException).code ?? 'unknown' });
    }
  }
  return problems;
}
