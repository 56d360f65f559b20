/**
 * A signed statement as the statement journeys handle it: downloaded from the statements page, and
 * checked by the public verify route (POST /api/transparency/verify-statement).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { BASE_URL } from './env';
import { expect } from './fixtures';

/** A date's UTC day, `YYYY-MM-DD`, as the statements page's date fields take it. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Clicks `button` and answers the downloaded file's bytes, its suggested name and where Playwright keeps it. */
export async function downloadStatement(
  page: Page,
  button = 'Download PDF',
): Promise<{ file: Buffer; name: string; path: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  return { file: readFileSync(path), name: file.suggestedFilename(), path };
}

/** The public verify route's answer for `file` (200, authentic or not). */
export async function verifyStatement(file: Buffer): Promise<Record<string, unknown>> {
  const res = await fetch(`${BASE_URL}/api/transparency/verify-statement`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    body: new Uint8Array(file),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}
