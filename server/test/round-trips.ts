/**
 * Counting the round trips a request sends to the database (docs/performance.md "Money in two
 * round trips"), for the tests that hold a money request to its count.
 */
import { onStatement } from '../db/client';
import type { TestContext } from './app';

/**
 * The statements of the mail and webhook workers (lib/mail.ts, modules/webhooks/worker.ts): their
 * claim of a batch and their marks of a mail or delivery sent or put off. They run beside requests
 * in the same process (woken by an earlier request's commit, or by their poll), so their statements
 * can fall between a request's own, the more often the slower the machine: they are no part of what
 * the request costs. A request's own mail or event is an insert inside its statement.
 */
const WORKER_STATEMENT =
  /^(with claimed as \( update "(mail_outbox|webhook_deliveries)"|update "(mail_outbox|webhook_deliveries|webhook_endpoints)")/;

/**
 * The statements sent while `work` runs (whitespace folded, 120 characters each), the mail
 * worker's left out, and its result. (Only the text tells whose a statement is: Fastify's `inject`
 * does not carry the caller's async context into the request.)
 */
export async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const stop = onStatement((text) => {
    const folded = text.replace(/\s+/g, ' ').slice(0, 120);
    if (!WORKER_STATEMENT.test(folded)) statements.push(folded);
  });
  try {
    return { result: await work(), statements };
  } finally {
    stop();
  }
}

/** The session read a request adds on `t`'s driver: none on PostgreSQL (cached), one on PGlite. */
export const sessionReads = (t: TestContext) => (t.database.driver === 'postgres' ? 0 : 1);
