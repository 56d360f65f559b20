/**
 * The owner's API keys page (admin-api-keys-page.tsx, docs/integrations.md "API keys"): the keys
 * with their status, the create dialog that sends the chosen permissions, networks, expiry and code,
 * shows the server's refusal and keeps the form, then shows the secret once; Revoke with a reason;
 * a role without `apiKeys.manage` is told it may not.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_KEY_MSG } from '@common/schemas/api-keys';
import { recorded } from '../../../../test/answers';
import { http, server } from '../../../../test/api';
import { pasteInto as fill, renderScreen } from '../../../../test/render';
import { signInStaff } from '../../../../test/session';
import {
  RIGHT_CODE,
  submitWrongCodeThenRight,
  WRONG_CODE,
  wrongCodeFirst,
} from '../../../../test/wrong-code';
import type { ApiKey } from '../api';
import { AdminApiKeysPage } from './admin-api-keys-page';

const MEMBER = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Olive Owner',
  email: 'olive@example.com',
};
const KEY: ApiKey = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'CRM sync',
  prefix: 'bk_Ab12Cd3',
  permissions: ['clients.read', 'deposits.review'],
  allowedNetworks: ['203.0.113.0/24'],
  member: MEMBER,
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2027-02-26T23:59:59.000Z',
  lastUsedAt: '2026-11-29T09:00:00.000Z',
  lastUsedIp: '203.0.113.9',
  revokedAt: null,
  revokeReason: null,
  status: 'active',
};
const REVOKED: ApiKey = {
  ...KEY,
  id: '00000000-0000-4000-8000-0000000000a2',
  name: 'Old export',
  prefix: 'bk_Zz98Yy7',
  allowedNetworks: [],
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: '2026-11-29T11:00:00.000Z',
  revokeReason: 'The export moved',
  status: 'revoked',
};

/** Answers GET /api/api-keys with `rows()`, read at each call. */
function keys(rows: () => ApiKey[]) {
  server.use(http.get('/api/api-keys', ({ response }) => response(200).json({ data: rows() })));
}

/** The table row of the key named `name`. */
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

beforeEach(() => signInStaff());

describe('the API keys page', () => {
  it('lists the keys with status, member, permissions, networks and last use', async () => {
    keys(() => [KEY, REVOKED]);
    renderScreen(<AdminApiKeysPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
    const active = await rowOf('CRM sync');
    expect(within(active).getByText('Active')).toBeVisible();
    expect(within(active).getByText('bk_Ab12Cd3…')).toBeVisible();
    expect(within(active).getByText('clients.read, deposits.review')).toBeVisible();
    expect(within(active).getByText('203.0.113.0/24')).toBeVisible();
    expect(within(active).getByRole('button', { name: 'Revoke' })).toBeVisible();
    const revoked = await rowOf('Old export');
    expect(within(revoked).getByText('Revoked')).toBeVisible();
    expect(within(revoked).getByText('Staff networks')).toBeVisible();
    expect(within(revoked).getByText('Never')).toBeVisible();
    expect(within(revoked).getByText(/The export moved/)).toBeVisible();
    expect(within(revoked).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it("creates a key: the server's refusal keeps the form, then the secret shows once", async () => {
    let rows: ApiKey[] = [];
    keys(() => rows);
    const sent: unknown[] = [];
    server.use(
      http.post(
        '/api/api-keys',
        recorded(
          sent,
          wrongCodeFirst(({ response }) => {
            rows = [KEY];
            return response(201).json({
              message: API_KEY_MSG.created,
              data: { key: KEY, secret: 'bk_Ab12Cd3secretsecretsecretsecretsecret0000' },
            });
          }),
        ),
      ),
    );
    const { user } = renderScreen(<AdminApiKeysPage />);
    expect(await screen.findByText(/No API key yet/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    // nothing chosen: nothing is sent
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Name the key')).toBeVisible();
    expect(within(dialog).getByText('Choose at least one permission')).toBeVisible();
    expect(sent).toEqual([]);
    // no key may decide four-eyes requests or manage staff or keys: not offered
    expect(within(dialog).queryByRole('checkbox', { name: /approvals\.decide/ })).toBeNull();
    expect(within(dialog).queryByRole('checkbox', { name: /apiKeys\.manage/ })).toBeNull();

    await fill(user, within(dialog).getByLabelText(/^Name/), 'CRM sync');
    await user.click(within(dialog).getByRole('checkbox', { name: /^clients\.read/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^deposits\.review/ }));
    await fill(user, within(dialog).getByLabelText(/^Networks/), '203.0.113.0/24');
    await fill(user, within(dialog).getByLabelText(/^Expires on/), '2027-02-26');
    await submitWrongCodeThenRight(user, dialog, 'Create key');
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByTestId('api-key-secret')).toHaveTextContent(
      'bk_Ab12Cd3secretsecretsecretsecretsecret0000',
    );
    expect(within(shown).getByText(/it is not shown again/)).toBeVisible();
    const request = {
      name: 'CRM sync',
      permissions: ['clients.read', 'deposits.review'],
      allowedNetworks: ['203.0.113.0/24'],
      expiresAt: '2027-02-26T23:59:59.000Z',
    };
    expect(sent).toEqual([
      { ...request, code: WRONG_CODE },
      { ...request, code: RIGHT_CODE },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await rowOf('CRM sync')).toBeTruthy();
    expect(screen.queryByText(/secretsecret/)).toBeNull();
  });

  it('revokes a key with a reason', async () => {
    let rows = [KEY];
    keys(() => rows);
    const sent: { id: string; body: unknown }[] = [];
    server.use(
      http.post('/api/api-keys/{id}/revoke', async ({ params, request, response }) => {
        sent.push({ id: params.id, body: await request.json() });
        rows = [
          { ...KEY, status: 'revoked', revokedAt: '2026-11-30T10:00:00.000Z', revokeReason: 'Retired' },
        ];
        return response(200).json({ message: API_KEY_MSG.revoked });
      }),
    );
    const { user } = renderScreen(<AdminApiKeysPage />);
    await user.click(within(await rowOf('CRM sync')).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await user.type(within(confirm).getByLabelText(/^Reason/), 'Retired');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(API_KEY_MSG.revoked)).toBeVisible();
    expect(sent).toEqual([{ id: KEY.id, body: { reason: 'Retired' } }]);
    expect(await within(await rowOf('CRM sync')).findByText('Revoked')).toBeVisible();
  });

  it('tells a role without apiKeys.manage that it may not', async () => {
    signInStaff('finance-member', 'finance');
    renderScreen(<AdminApiKeysPage />);
    expect(await screen.findByText(/does not allow/i)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
  });
});
