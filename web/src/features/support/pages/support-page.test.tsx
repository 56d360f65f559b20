/**
 * The client's support page (support-page.tsx), its list of earlier messages: busy while it loads,
 * the empty text, and a failed read with a Retry that reads again. The journeys
 * (e2e/keyboard-actions.spec.ts) send messages for real.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inTurn } from '../../../../test/answers';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { SupportPage } from './support-page';

describe('the support page', () => {
  it('says the client has sent nothing yet once the list comes back empty', async () => {
    server.use(http.get('/api/support/user', ({ response }) => response(200).json({ data: [] })));
    renderScreen(<SupportPage />, { route: '/account/support' });
    expect(screen.getByLabelText('Loading your messages')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('You have not sent any message yet.')).toBeVisible();
  });

  it('shows a failed read with a Retry that reads the list again', async () => {
    const reads = { count: 0 };
    server.use(
      http.get(
        '/api/support/user',
        inTurn(
          reads,
          ({ response }) => response(403).json({ code: 'forbidden', message: 'Not now' }),
          ({ response }) => response(200).json({ data: [] }),
        ),
      ),
    );
    const { user } = renderScreen(<SupportPage />, { route: '/account/support' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your messages');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You have not sent any message yet.')).toBeVisible();
    expect(reads.count).toBe(2);
  });
});
