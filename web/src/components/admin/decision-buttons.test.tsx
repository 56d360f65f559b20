/**
 * The Approve / Reject pair (decision-buttons.tsx): each hands over the pressed button, a running
 * request keeps both focusable but marked disabled, a decided request disables both.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { DecisionButtons } from './decision-buttons';

describe('DecisionButtons', () => {
  it('hands the pressed button to its handler, with the kind’s own rejecting verb', async () => {
    const onApprove = vi.fn();
    const onReject = vi.fn();
    const { user } = renderScreen(
      <DecisionButtons onApprove={onApprove} onReject={onReject} rejectLabel="Decline" busy={false} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(onReject).toHaveBeenCalledWith(screen.getByRole('button', { name: 'Decline' }));
    expect(onApprove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onApprove).toHaveBeenCalledWith(screen.getByRole('button', { name: 'Approve' }));
  });

  it('marks both buttons while a request runs, still focusable', async () => {
    renderScreen(<DecisionButtons onApprove={vi.fn()} onReject={vi.fn()} busy />);
    for (const name of ['Approve', 'Reject']) {
      const button = await screen.findByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toBeEnabled();
    }
  });

  it('disables both once the request is decided', async () => {
    renderScreen(<DecisionButtons onApprove={vi.fn()} onReject={vi.fn()} busy={false} disabled />);
    for (const name of ['Approve', 'Reject'])
      expect(await screen.findByRole('button', { name })).toBeDisabled();
  });
});
