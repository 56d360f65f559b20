/** Table-driven tests of pure functions. */
import { expect, it } from 'vitest';

/**
 * One test per `[input, expected]` row: `fn(input)` is `expected` (toBe). `title` names each test
 * with the row's values, as `it.each` does (`%s` for the input, then for the expected value).
 */
export function itMaps<I, O>(title: string, fn: (input: I) => O, rows: ReadonlyArray<[I, O]>): void {
  it.each(rows)(title, (input, expected) => {
    expect(fn(input)).toBe(expected);
  });
}
