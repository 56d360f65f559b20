import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { passwordField } from './auth';

describe('passwordField', () => {
  const message = (v: unknown) => passwordField.safeParse(v).error?.issues.map((i) => i.message);
  it('calls an empty password missing, as every other field does, and a short one too short', () => {
    expect(message('')).toEqual([MSG.required('Password')]);
    expect(message(undefined)).toEqual([MSG.required('Password')]);
    expect(message('Short1')).toEqual([MSG.passwordTooShort]);
    expect(message('Correct-Horse-9')).toBeUndefined();
  });
});
