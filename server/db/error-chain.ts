/**
 * An error and its causes, outermost first, at most 5 deep (drizzle wraps the driver's error as
 * `cause`, and a pool may wrap it again), each as its SQLSTATE or driver code and its message ('' when
 * absent): what every check of a database error reads (db/client.ts, lib/errors.ts).
 */
export function errorChain(err: unknown): Array<{ code: string; message: string }> {
  const chain: Array<{ code: string; message: string }> = [];
  for (let e = err; e && typeof e === 'object' && chain.length < 5;) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    chain.push({
      code: typeof code === 'string' ? code : '',
      message: typeof message === 'string' ? message : '',
    });
    e = cause;
  }
  return chain;
}
