/**
 * The hold on withdrawals after a security change (security-hold-alert.tsx): the client reads why,
 * since and until when, and the "This wasn't me" way out; staff read the cause and the times;
 * nothing shows without a hold.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECURITY_HOLD_MSG } from '@common/schemas/security-holds';
import { http, server } from '../../test/api';
import { renderScreen } from '../../test/render';
import { SecurityHoldAlert } from './security-hold-alert';

const HOLD = {
  cause: 'password_change' as const,
  reason: SECURITY_HOLD_MSG.pausedUntil('password_change', '2026-11-30T21:46:00.000Z'),
  startsAt: '2026-11-29T21:46:00.000Z',
  endsAt: '2026-11-30T21:46:00.000Z',
};

describe('SecurityHoldAlert', () => {
  it('shows the client why, since and until when, and the way out', async () => {
    server.use(http.get('/api/security-holds/current', ({ response }) => response(200).json({ data: HOLD })));
    renderScreen(<SecurityHoldAlert />);
    expect(await screen.findByText('Withdrawals paused until 2026-11-30 21:46 UTC')).toBeInTheDocument();
    expect(
      screen.getByText(/^Because your password was changed on 2026-11-29 21:46 UTC\. .*"This wasn't me"/),
    ).toBeInTheDocument();
  });

  it('shows staff the cause and the end on the client page', async () => {
    const id = crypto.randomUUID();
    server.use(
      http.get('/api/security-holds/admin/{id}', ({ response }) => response(200).json({ data: HOLD })),
    );
    renderScreen(<SecurityHoldAlert clientId={id} />);
    expect(await screen.findByText('Withdrawals paused until 2026-11-30 21:46 UTC')).toBeInTheDocument();
    expect(screen.getByText(/^Password changed on 2026-11-29 21:46 UTC/)).toBeInTheDocument();
  });

  it('shows nothing without a hold', async () => {
    let asked = false;
    server.use(
      http.get('/api/security-holds/current', ({ response }) => {
        asked = true;
        return response(200).json({ data: null });
      }),
    );
    renderScreen(<SecurityHoldAlert />);
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByText(/Withdrawals paused/)).toBeNull();
  });
});
