import { describe, expect, it } from 'vitest';
import { csvCell } from './csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    // read as formulas by a spreadsheet: defused with an apostrophe
    ['=1+1', "'=1+1"],
    ['=HYPERLINK("http://x.test","click")', `"'=HYPERLINK(""http://x.test"",""click"")"`],
    ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    // a phone number: shown as typed, through a formula that is only a string literal
    ['+1 555 0100', '"=""+1 555 0100"""'],
    ['+44 (20) 7946-0000', '"=""+44 (20) 7946-0000"""'],
    ['+1.555.0100', '"=""+1.555.0100"""'],
    // not a phone number: the apostrophe stays
    ['+1 555 "0100"', `"'+1 555 ""0100"""`],
    ['+1+cmd|x', "'+1+cmd|x"],
    ['+12', "'+12"],
    // a plain number, a negative one too: a number to a spreadsheet, left as it is
    ['-150.00', '-150.00'],
    ['150.00', '150.00'],
    ['-1e3', "'-1e3"],
  ])('%j → %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
