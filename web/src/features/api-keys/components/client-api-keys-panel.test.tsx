/**
 * A client's own API keys on their Security tab (client-api-keys-panel.tsx, docs/integrations.md
 * "Client keys"): the keys with their status; Create API key asks for no permissions and sends the
 * name, networks, expiry and code to /api/api-keys/mine, then shows the key once; Revoke asks first.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_KEY_MSG } from '@common/schemas/api-keys';
import { recorded } from '../../../../test/answers';
import { http, server } from '../../../../test/api';
import { pasteInto, renderScreen } from '../../../../test/render';
import type { ApiKey } from '../api';
import { ClientApiKeysPanel } from './client-api-keys-panel';

const KEY: ApiKey = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Budget app',
  prefix: 'bk_Qw12Er3',
  permissions: ['account.read'],
  allowedNetworks: [],
  member: { id: '00000000-0000-4000-8000-000000000009', name: 'Cleo Client', email: 'cleo@example.com' },
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2027-02-26T23:59:59.000Z',
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
  revokeReason: null,
  status: 'active',
};

describe('the client API keys panel', () => {
  it('creates a key without permissions, shows it once, and revokes it after asking', async () => {
    let rows: ApiKey[] = [];
    server.use(http.get('/api/api-keys/mine', ({ response }) => response(200).json({ data: rows })));
    const sent: unknown[] = [];
    const revoked: string[] = [];
    server.use(
      http.post(
        '/api/api-keys/mine',
        recorded(sent, ({ response }) => {
          rows = [KEY];
          return response(201).json({
            message: API_KEY_MSG.created,
            data: { key: KEY, secret: 'bk_Qw12Er3secretsecretsecretsecretsecret0000' },
          });
        }),
      ),
      http.post('/api/api-keys/mine/{id}/revoke', ({ params, response }) => {
        revoked.push(params.id);
        rows = [{ ...KEY, status: 'revoked', revokedAt: '2026-11-30T10:00:00.000Z', revokeReason: 'x' }];
        return response(200).json({ message: API_KEY_MSG.revoked });
      }),
    );
    const { user } = renderScreen(<ClientApiKeysPanel />);
    expect(await screen.findByText('No API keys yet.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await pasteInto(user, within(dialog).getByLabelText(/^Name/), 'Budget app');
    await pasteInto(user, within(dialog).getByLabelText(/^Expires on/), '2027-02-26');
    await pasteInto(user, within(dialog).getByLabelText(/^Authentication code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByTestId('api-key-secret')).toHaveTextContent(/^bk_Qw12Er3secret/);
    expect(sent).toEqual([
      { name: 'Budget app', allowedNetworks: [], expiresAt: '2027-02-26T23:59:59.000Z', code: '123456' },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const list = await screen.findByRole('list', { name: 'Your API keys' });
    expect(within(list).getByText('Budget app')).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await within(list).findByText('Revoked')).toBeVisible();
    expect(revoked).toEqual([KEY.id]);
  });
});
