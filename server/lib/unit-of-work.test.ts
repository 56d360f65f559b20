/**
 * A `StatementOfWork` with a shape is built once per shape (docs/performance.md "The API's CPU"):
 * its text is the same for every run of the shape, the values are sent in the order of their
 * placeholders, and the mistakes that would send a wrong text or wrong values throw. No database.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { StatementOfWork } from './unit-of-work';

/** A statement of shape `shape`: a guarded update of `id` by `by`, an insert gated on it, `n` rows. */
function statement(shape: string, id: string, by: string, rows: string[]) {
  const stmt = new StatementOfWork(shape);
  const who = stmt.param(by);
  const which = stmt.param(id);
  const done = stmt.part(
    stmt.name('done'),
    () => sql`update t set by = ${who}::uuid where id = ${which}::uuid returning id`,
  );
  const gate = () => sql`exists (select 1 from ${done})`;
  const values = rows.map((r) => stmt.param(r));
  stmt.part(
    stmt.name('rows'),
    () =>
      sql`insert into u (v) select v from (values ${sql.join(
        values.map((v) => sql`(${v}::text)`),
        sql`, `,
      )}) as x (v) where ${gate()}`,
    { shape: String(rows.length) },
  );
  stmt.output('ok', gate);
  return stmt;
}

describe('StatementOfWork built once per shape', () => {
  it('sends one text per shape, with each run its own values in placeholder order', () => {
    const a = statement('test.a', 'id-1', 'by-1', ['x', 'y']).query();
    const b = statement('test.a', 'id-2', 'by-2', ['z', 'w']).query();
    expect(b.text).toBe(a.text);
    expect(a.text).toContain('with "done" as (update t set by = $1::uuid where id = $2::uuid');
    expect(a.text).toContain('select exists (select 1 from "done") as "ok"');
    expect(a.params).toEqual(['by-1', 'id-1', 'x', 'y']);
    expect(b.params).toEqual(['by-2', 'id-2', 'z', 'w']);
    // the part's shape token tells three rows from two
    const c = statement('test.a', 'id-3', 'by-3', ['p', 'q', 'r']).query();
    expect(c.text).not.toBe(a.text);
    expect(c.params).toEqual(['by-3', 'id-3', 'p', 'q', 'r']);
  });

  it('throws when one shape builds two texts, or a value is written into the text', () => {
    const one = (flag: boolean) => {
      const stmt = new StatementOfWork('test.b');
      const v = stmt.param(1);
      stmt.part('p', () => (flag ? sql`select ${v}::int` : sql`select ${v}::bigint`));
      stmt.output('ok', () => sql`true`);
      return stmt;
    };
    one(true).query();
    expect(() => one(false).query()).toThrow(/built two different texts/);

    const written = new StatementOfWork('test.c');
    written.part('p', () => sql`select ${'a value'}::text`);
    written.output('ok', () => sql`true`);
    expect(() => written.query()).toThrow(/a value written into the text/);

    const late = new StatementOfWork('test.d');
    late.part('p', () => sql`select ${late.param(1)}::int`);
    late.output('ok', () => sql`true`);
    expect(() => late.query()).toThrow(/added while building/);
  });

  it('builds on every run, values and all, once given SQL built already', () => {
    const stmt = new StatementOfWork('test.e');
    const v = stmt.param('lazy');
    stmt.part('p', () => sql`select ${v}::text as v`);
    stmt.output('built', sql`${'eager'}::text`);
    expect(stmt.query()).toEqual({
      text: 'with "p" as (select $1::text as v) select $2::text as "built"',
      params: ['lazy', 'eager'],
    });
    const plain = new StatementOfWork();
    const w = plain.with('q', sql`select ${'eager'}::text`);
    plain.output('n', sql`(select count(*) from ${w})`);
    expect(plain.query()).toEqual({
      text: 'with "q" as (select $1::text) select (select count(*) from "q") as "n"',
      params: ['eager'],
    });
  });
});
