import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_CENTS, parseUsdCents, usdAmountField } from '@common/schemas/money';
import { MONEY_MSG } from '@common/messages';
import { centsToUsd, formatUsd } from './money';

describe('parseUsdCents', () => {
  it.each([
    [100, 100_00n],
    [0.01, 1n],
    [19.99, 19_99n],
    [1234.5, 1234_50n],
    ['1234.50', 1234_50n],
    [' 7 ', 7_00n],
    ['0.1', 10n],
    [0, 0n],
    [1_000_000_000, MAX_AMOUNT_CENTS],
  ])('parses %j as %s cents', (input, cents) => {
    expect(parseUsdCents(input)).toBe(cents);
  });

  it.each([
    NaN,
    Infinity,
    -Infinity,
    1e308,
    1e21,
    -1,
    '-1',
    0.001,
    '1.234',
    0.1 + 0.2,
    '1e3',
    '',
    ' ',
    '12,00',
    '1,000.505',
    '0x10',
    '１２',
    null,
    undefined,
    true,
    {},
    [],
    1_000_000_000.01,
    '99999999999',
  ])('refuses %j', (input) => {
    expect(parseUsdCents(input)).toBeNull();
  });

  it('round-trips every cent value through centsToUsd', () => {
    for (const c of [1n, 10n, 99n, 101n, 123_456_789n, MAX_AMOUNT_CENTS])
      expect(parseUsdCents(centsToUsd(c))).toBe(c);
  });
});

describe('usdAmountField', () => {
  const field = usdAmountField('Please fill all fields');
  it('answers cents for a positive amount', () => {
    expect(field.parse('10.5')).toBe(10_50n);
  });
  it('names a missing amount with the given text and a bad one with "Please enter a valid amount"', () => {
    expect(field.safeParse(undefined).error?.issues[0]?.message).toBe('Please fill all fields');
    expect(field.safeParse('').error?.issues[0]?.message).toBe('Please fill all fields');
    for (const bad of [0, -5, 'abc', 1e308]) {
      expect(field.safeParse(bad).error?.issues[0]?.message).toBe('Please enter a valid amount');
    }
    // 3 decimals: said why (common/schemas/money.test.ts has every case)
    expect(field.safeParse(1.234).error?.issues[0]?.message).toBe(MONEY_MSG.amountDecimals);
  });
});

describe('formatUsd', () => {
  it('groups thousands and keeps two decimals', () => {
    expect(formatUsd(0n)).toBe('0.00');
    expect(formatUsd(5n)).toBe('0.05');
    expect(formatUsd(500_000_00n)).toBe('500,000.00');
    expect(formatUsd(-1234_56n)).toBe('-1,234.56');
  });
});
