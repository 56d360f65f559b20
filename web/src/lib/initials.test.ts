import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it.each([
    [['Chris', 'Client'], 'CC'],
    [['úrsula', 'ñúñez'], 'ÚÑ'],
    [['U\u0301rsula', 'Li'], 'U\u0301L'], // a letter and its combining accent stay together
    [['🙂 Smile', 'Face'], '🙂F'],
    [['👩‍👩‍👧 Family', 'Doe'], '👩‍👩‍👧D'], // one emoji of several code points
    [['🇫🇷 Fleur', 'Blanc'], '🇫🇷B'], // a flag: two regional indicators
    [['  ada ', ''], 'A'],
  ])('%j → %s', (parts, expected) => {
    expect(initialsOf(...parts)).toBe(expected);
  });
});
