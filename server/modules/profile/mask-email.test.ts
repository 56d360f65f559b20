import { describe, expect, it } from 'vitest';
import { itMaps } from '../../test/each';
import { maskEmail } from './mask-email';

describe('maskEmail', () => {
  itMaps('%s → %s', maskEmail, [
    ['jane.doe@example.com', 'j***@example.com'],
    ['j@example.com', 'j***@example.com'],
    ['"odd@local"@example.com', '"***@example.com'],
    ['élodie@exemple.fr', 'é***@exemple.fr'],
    ['😀smile@example.com', '😀***@example.com'],
    ['no-at-sign', '***'],
    ['@example.com', '***'],
    ['jane@', '***'],
    ['', '***'],
  ]);

  it('never shows more than the first character of the local part', () => {
    const masked = maskEmail('secretname@example.com');
    expect(masked).not.toContain('ecret');
    expect(masked.split('@')[0]).toBe('s***');
  });
});
