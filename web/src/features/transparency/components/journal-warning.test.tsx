/**
 * The journal's warnings (journal-warning.tsx): a failed signature or a failed comparison is an
 * alert with its title, announced as it appears; a journal that holds shows nothing.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/render';
import type { JournalCheck } from '../use-journal-check';
import { JournalWarningFor } from './journal-warning';

const previous = {
  size: 7,
  rootHash: 'ab',
  timestamp: '2026-01-02T03:04:05.000Z',
  publicKey: 'cd',
  checkpoint: null,
};

/** A check with only the fields the warning reads. */
const check = (over: Pick<JournalCheck, 'signatureValid' | 'history'>) =>
  ({ signatureProblem: null, ...over }) as JournalCheck;

describe('JournalWarningFor', () => {
  it.each([
    [check({ signatureValid: false, history: { kind: 'first' } }), "The journal's signature does not verify"],
    [
      check({ signatureValid: true, history: { kind: 'unchecked', previous, reason: 'offline' } }),
      'The journal could not be compared',
    ],
  ])('shows an alert titled as the failure says (%#)', async (failed, title) => {
    renderScreen(<JournalWarningFor check={failed} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(title);
  });

  it('shows nothing when the signature and the history hold', () => {
    renderScreen(
      <JournalWarningFor check={check({ signatureValid: true, history: { kind: 'consistent' } })} />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
