/** The error catalogue (common/errors.ts): its codes, statuses and messages. */
import { describe, expect, it } from 'vitest';
import { codeOfStatus, ERROR_CODES, ERRORS, isErrorCode } from './errors';
import { MONEY_MSG, PLAN_MSG } from './messages';
import { planLimitsMessage } from './schemas/plans';

describe('the error catalogue', () => {
  it('has snake_case codes, each with an error status and a message', () => {
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
      expect(ERRORS[code].status).toBeGreaterThanOrEqual(400);
      expect(ERRORS[code].status).toBeLessThan(600);
      expect(ERRORS[code].message.length).toBeGreaterThan(0);
    }
  });

  it("keeps the product's texts word for word", () => {
    expect(ERRORS.insufficient_balance).toEqual({ status: 422, message: MONEY_MSG.insufficientBalance });
    expect(ERRORS.plan_already_active).toEqual({ status: 409, message: PLAN_MSG.alreadyActive });
    expect(ERRORS.plan_amount_out_of_range.message).toBe(planLimitsMessage());
    expect(planLimitsMessage()).toContain('$115,000');
  });

  it('tells a code of the catalogue from anything else', () => {
    expect(isErrorCode('validation_failed')).toBe(true);
    expect(isErrorCode('VALIDATION_FAILED')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it("names the framework's own statuses, and bad_request for another 4xx", () => {
    expect(codeOfStatus(404)).toBe('not_found');
    expect(codeOfStatus(413)).toBe('payload_too_large');
    expect(codeOfStatus(415)).toBe('unsupported_media_type');
    expect(codeOfStatus(429)).toBe('too_many_requests');
    expect(codeOfStatus(418)).toBe('bad_request');
    expect(codeOfStatus(502)).toBe('internal_error');
  });
});
