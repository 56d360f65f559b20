/**
 * Counting the round trips a request sends to the database (docs/performance.md "Money in two
 * round trips"), for the tests that hold a money request to its count.
 */
import { onStatement } from '../db/client';
import type { TestContext } from './app';

/** The statements sent while `work` runs (whitespace folded, 120 characters each), and its result. */
export async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const stop = onStatement((text) => statements.push(text.replace(/\s+/g, ' ').slice(0, 120)));
  try {
    return { result: await work(), statements };
  } finally {
    stop();
  }
}

/** The session read a request adds on `t`'s driver: none on PostgreSQL (cached), one on PGlite. */
export const sessionReads = (t: TestContext) => (t.database.driver === 'postgres' ? 0 : 1);
