/**
 * The browser's side of a download in component tests: jsdom has no object URLs and no file
 * saving, so `stubDownloads` stubs both (lib/save-blob.ts `saveBlob`) and records the file names
 * saved, in order.
 */
import { vi } from 'vitest';

/** Stubs object URLs and the download link's click; answers the names of the files saved. */
export function stubDownloads(): { saved: string[] } {
  const saved: string[] = [];
  // jsdom has neither: a test's own stand-ins
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { saved };
}
