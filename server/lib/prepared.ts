/**
 * Queries built once and then only executed (docs/performance.md "The API's CPU"): building a
 * query with Drizzle walks its whole tree on every call, which cost more API CPU than anything
 * else on the hottest paths. A query built with `sql.placeholder(...)` values and `.prepare(name)`
 * is kept per database handle (a transaction is a handle of its own, so one built inside it is not
 * reused after it) and executed with the values of each call.
 */

/**
 * Answers `build(conn)` for `conn`, built on the first call for that handle and remembered while
 * the handle lives. `build` must give the same SQL text for every handle (a prepared statement's
 * name stands for one text on every connection).
 */
export function preparedPerHandle<C extends object, Q>(build: (conn: C) => Q): (conn: C) => Q {
  const built = new WeakMap<C, Q>();
  return (conn) => {
    let query = built.get(conn);
    if (query === undefined) built.set(conn, (query = build(conn)));
    return query;
  };
}
