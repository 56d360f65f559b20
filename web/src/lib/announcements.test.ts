import { describe, expect, it } from 'vitest';
import { errorSummary, pageStatus } from './announcements';

describe('errorSummary', () => {
  it('counts the fields and lists their messages in order', () => {
    expect(errorSummary(['First name is required', 'Gender is required'])).toBe(
      '2 fields need attention: First name is required, Gender is required.',
    );
  });
  it('says one field in the singular and drops a message’s own full stop', () => {
    expect(errorSummary(['Invalid email address.'])).toBe('1 field needs attention: Invalid email address.');
  });
  it('says a message shared by several controls (one radio group) once, and skips blanks', () => {
    expect(errorSummary(['Gender is required', ' ', 'Gender is required', 'Email is required'])).toBe(
      '2 fields need attention: Gender is required, Email is required.',
    );
  });
  it('answers nothing when there is no message', () => {
    expect(errorSummary([])).toBe('');
    expect(errorSummary(['  '])).toBe('');
  });
});

describe('pageStatus', () => {
  it.each([
    [[2, 10, 43], 'Page 2 of 5, rows 11–20 of 43'],
    [[5, 10, 43], 'Page 5 of 5, rows 41–43 of 43'],
    [[1, 20, 20], 'Page 1 of 1, rows 1–20 of 20'],
    [[9, 10, 43], 'Page 5 of 5, rows 41–43 of 43'], // past the end: the last page
    [[1, 10, 0], 'Page 1 of 1, no rows'],
  ] as const)('%j → %s', ([page, size, total], expected) => {
    expect(pageStatus(page, size, total)).toBe(expected);
  });
});
