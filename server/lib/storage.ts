/**
 * Storage of uploaded files by key: local disk under `DATA_DIR/uploads` by default (a shared volume
 * when several API processes run), or memory when there is no data folder (tests). An S3-compatible
 * adapter is the planned next one. Files are never served directly: an authenticated route checks
 * ownership and reads them through here.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** Answers null when no file has that key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes a file; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are paths of safe segments ("deposits/<uuid>.png"): no "..", no absolute paths. */
const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.'))
    throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** Files under `root` on local disk. */
export function createDiskStorage(root: string): Storage {
  const file = (key: string) => path.join(root, checkKey(key));
  return {
    async put(key, data) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), data, { mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

/** Files in memory (tests, or a run without a data folder). `keys()` lists what is stored. */
export function createMemoryStorage(): Storage & { keys(): string[] } {
  const files = new Map<string, Buffer>();
  return {
    async put(key, data) {
      files.set(checkKey(key), Buffer.from(data));
    },
    async get(key) {
      return files.get(checkKey(key)) ?? null;
    },
    async delete(key) {
      files.delete(checkKey(key));
    },
    keys: () => [...files.keys()],
  };
}

/** The storage for a configuration: disk under `dataDir/uploads`, or memory when dataDir is null. */
export function createStorage(dataDir: string | null): Storage {
  return dataDir ? createDiskStorage(path.join(dataDir, 'uploads')) : createMemoryStorage();
}
