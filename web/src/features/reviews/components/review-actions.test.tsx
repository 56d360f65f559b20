import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/render';
import { signInStaff } from '../../../../test/session';
import { ReviewActions } from './review-actions';

beforeEach(() => signInStaff());

describe('ReviewActions on a client’s page', () => {
  it('shows a decided deposit’s decision, not Approve and Reject; Delete stays for a rejected one', () => {
    renderScreen(
      <>
        <ReviewActions
          kind="deposit"
          request={{ _id: 'a', amount: 10, status: 'approved', reviewedAt: '2026-01-02T15:04:00Z' }}
          withDelete
        />
        <ReviewActions
          kind="deposit"
          request={{ _id: 'b', amount: 20, status: 'rejected', reviewedAt: '2026-01-03T15:04:00Z' }}
          withDelete
        />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.getByText(/^Approved Jan 2, 2026/)).toBeTruthy();
    expect(screen.getByText(/^Rejected Jan 3, 2026/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
  });

  it('offers Approve, Reject and Delete on a pending one', () => {
    renderScreen(
      <ReviewActions
        kind="deposit"
        request={{ _id: 'c', amount: 30, status: 'pending', reviewedAt: null }}
        withDelete
      />,
    );
    for (const name of ['Approve', 'Reject', 'Delete'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });
});
