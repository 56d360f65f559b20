/**
 * The Passkeys section's states (passkeys-panel.tsx): loading, empty, a failed read with Retry, the
 * list with when each was added and last used, and a removal that sends nothing without a proof.
 * The ceremonies themselves run in the journeys (e2e/passkeys.spec.ts, Chromium's virtual
 * authenticator).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSKEY_MSG } from '@common/schemas/passkeys';
import { inTurn, recorded } from '../../../../test/answers';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { PasskeysPanel } from './passkeys-panel';

const PASSKEY = {
  id: '0b9c5f0e-5d7e-4c4f-9a61-2f1f7a3e9d10',
  name: 'Work laptop',
  createdAt: '2026-11-02T09:30:00.000Z',
  lastUsedAt: null,
  backedUp: false,
};

describe('the Passkeys section', () => {
  it('says it is loading, then that there are none yet', async () => {
    server.use(http.get('/api/auth/passkeys', ({ response }) => response(200).json({ data: [] })));
    renderScreen(<PasskeysPanel />);
    expect(screen.getByText('Loading passkeys…')).toBeVisible();
    expect(await screen.findByText('No passkeys yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
  });

  it('shows a failed read with Retry, which reads again', async () => {
    server.use(
      http.get(
        '/api/auth/passkeys',
        inTurn(
          { count: 0 },
          ({ response }) => response(403).json({ code: 'forbidden', message: 'Forbidden' }),
          ({ response }) => response(200).json({ data: [PASSKEY] }),
        ),
      ),
    );
    const { user } = renderScreen(<PasskeysPanel />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your passkeys');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Work laptop')).toBeVisible();
  });

  it('lists each passkey with when it was added and last used; removing asks for a proof first', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/auth/passkeys', ({ response }) => response(200).json({ data: [PASSKEY] })),
      http.delete(
        '/api/auth/passkeys/{id}',
        recorded(sent, ({ response }) => response(200).json({ message: PASSKEY_MSG.removed })),
      ),
    );
    const { user } = renderScreen(<PasskeysPanel />);
    const row = (await screen.findByText('Work laptop')).closest('li')!;
    expect(row).toHaveTextContent('Last used never');
    await user.click(within(row).getByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “Work laptop”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(PASSKEY_MSG.proofNeeded)).toBeVisible();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Password/), 'Correct-Horse-9');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expect.poll(() => sent).toEqual([{ password: 'Correct-Horse-9' }]);
  });
});
