/**
 * How a typed amount reads (readUsdText), the one parser the forms and the API share: every way
 * people write an amount that has one meaning is read, every other is refused with its reason, and
 * no digit is ever dropped.
 */
import { describe, expect, it } from 'vitest';
import { MONEY_MSG } from '../messages';
import { formatUsdText, MAX_AMOUNT_CENTS, readUsdText, usdAmountField, usdTextMessage } from './money';

describe('readUsdText', () => {
  it.each([
    ['1000', 1000_00n],
    ['1,000', 1000_00n],
    ['1 000', 1000_00n],
    ['1\u00a0000', 1000_00n], // a no-break space, as some keyboards and copies give
    ['1\u202f000', 1000_00n], // a narrow no-break space (French grouping)
    ['1000.5', 1000_50n],
    ['1000.50', 1000_50n],
    ['$1,000.50', 1000_50n],
    ['$ 1,000.50', 1000_50n],
    ['  $1000  ', 1000_00n],
    ['1000.', 1000_00n],
    ['0.01', 1n],
    ['.5', null],
    ['0', 0n],
    ['007', 7_00n],
    ['12', 12_00n],
    ['123', 123_00n],
    ['1,234,567.89', 1234567_89n],
    ['1 234 567', 1234567_00n],
    ['999,999,999.99', 999999999_99n],
    ['1,000,000,000', MAX_AMOUNT_CENTS],
    ['1000000000.00', MAX_AMOUNT_CENTS],
  ])('reads %j as %s cents', (text, cents) => {
    expect(readUsdText(text)).toEqual(cents === null ? { problem: 'invalid' } : { cents });
  });

  it.each([
    ['1,00', 'grouping'],
    ['10,0000', 'grouping'],
    ['1000,50', 'grouping'], // a comma for cents: might be 100,050 to someone else
    ['1,000 000', 'grouping'], // commas and spaces mixed
    ['1,,000', 'grouping'],
    ['1,000,', 'grouping'],
    ['1 00', 'grouping'],
    ['1.000', 'decimals'], // one thousand in some countries, one dollar in others
    ['1.234', 'decimals'],
    ['1,000.505', 'decimals'],
    ['1,000,000,000.01', 'tooLarge'],
    ['99999999999999999', 'tooLarge'], // never rounded to 100000000000000000
    ['', 'invalid'],
    ['   ', 'invalid'],
    ['$', 'invalid'],
    ['-5', 'invalid'],
    ['+5', 'invalid'],
    ['1e3', 'invalid'],
    ['abc', 'invalid'],
    ['12abc', 'invalid'],
    ['$$5', 'invalid'],
    ['5$', 'invalid'],
    ['0x10', 'invalid'],
    ['１２', 'invalid'], // full-width digits
    [',100', 'invalid'],
    ['1.2.3', 'invalid'],
    ['USD 5', 'invalid'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(readUsdText(text)).toEqual({ problem });
  });

  it('refuses over a lower limit and names it', () => {
    expect(readUsdText('115,000.01', 115_000_00n)).toEqual({ problem: 'tooLarge' });
    expect(readUsdText('115,000', 115_000_00n)).toEqual({ cents: 115_000_00n });
    expect(usdTextMessage('tooLarge', 115_000_00n)).toBe('The largest amount is $115,000.00');
    expect(usdTextMessage('tooLarge')).toBe('The largest amount is $1,000,000,000.00');
  });

  it('shows back what it read, and reads it again the same', () => {
    for (const cents of [0n, 1n, 99n, 100n, 1000_50n, 1234567_89n, MAX_AMOUNT_CENTS]) {
      const text = formatUsdText(cents);
      expect(readUsdText(text)).toEqual({ cents });
    }
    expect(formatUsdText(1000_50n)).toBe('1,000.50');
  });
});

describe('usdAmountField (the forms and the API)', () => {
  const field = usdAmountField();
  it('reads a typed amount and a JSON number alike', () => {
    expect(field.parse('1,000')).toBe(1000_00n);
    expect(field.parse('$1,000.50')).toBe(1000_50n);
    expect(field.parse(1000.5)).toBe(1000_50n);
  });
  it('says why it refuses', () => {
    const message = (v: unknown) => field.safeParse(v).error?.issues[0]?.message;
    expect(message('1,00')).toBe(MONEY_MSG.amountGrouping);
    expect(message('1.000')).toBe(MONEY_MSG.amountDecimals);
    expect(message('99999999999999999')).toBe('The largest amount is $1,000,000,000.00');
    expect(message('0')).toBe(MONEY_MSG.invalidAmount);
    expect(message('abc')).toBe(MONEY_MSG.invalidAmount);
  });
});
