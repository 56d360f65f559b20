/** The account number clients see (account-number.ts): short, grouped, stable, and not the id. */
import { describe, expect, it } from 'vitest';
import { accountNumber } from './account-number';

const ID = '0195f0c4-6b1e-7a3c-8d2e-4f5a6b7c8d9e';

describe('accountNumber', () => {
  it('is ten Crockford base-32 characters in two groups, the same for the same id', () => {
    expect(accountNumber(ID)).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(accountNumber(ID)).toBe(accountNumber(ID.toUpperCase()));
    expect(accountNumber(ID)).not.toContain(ID.slice(-4).toUpperCase());
  });

  it('differs between ids created the same millisecond', () => {
    const ids = Array.from(
      { length: 1000 },
      (_, i) => `${ID.slice(0, 24)}${i.toString(16).padStart(12, '0')}`,
    );
    expect(new Set(ids.map(accountNumber)).size).toBe(ids.length);
  });
});
