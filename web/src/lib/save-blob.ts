/** Browser downloads of data the app already holds or fetched with the bearer token. */

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
