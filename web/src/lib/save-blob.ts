/** Browser downloads of data the app already holds or fetched with the bearer token. */
import { api, type QueryParams } from './api-client';

/** Saves a Blob under `fileName` through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The download has started from the URL; give the browser a moment before releasing it.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET the CSV export at API path `path` (e.g. `/approvals/export.csv`) with the list's filters
 * `params` and the session's token, and saves it as `fileName`. Throws the API's error (the
 * export button toasts it).
 */
export async function downloadCsv(path: string, fileName: string, params?: QueryParams): Promise<void> {
  saveBlob(await api.blob(path, { params }), fileName);
}
