/**
 * "Approve proof of address" on the client's page (address-approval.tsx, docs/security.md "Limits
 * by verification level"): disabled until the identity is verified and once the address is
 * approved; otherwise it asks for a reason and sends it with PUT /api/limits/address/:id. Once
 * approved, "Revoke proof of address" asks for a reason and sends it with DELETE on the same path.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECURITY_MSG } from '@common/messages';
import { LIMITS_MSG } from '@common/schemas/limits';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { AddressApproval, type AddressClient } from './address-approval';

const CLIENT: AddressClient = {
  _id: '5b8f3c1e-2a4d-4e6f-8a9b-0c1d2e3f4a52',
  firstName: 'Ada',
  lastName: 'Client',
  verificationStatus: 'verified',
  addressVerifiedAt: null,
};

/** Records the approvals sent (none expected unless the test says so). */
function approvals() {
  const sent: { id: string; body: unknown }[] = [];
  server.use(
    http.put('/api/limits/address/{id}', async ({ params, request, response }) => {
      sent.push({ id: params.id, body: await request.json() });
      return response(200).json({ message: LIMITS_MSG.addressApproved });
    }),
  );
  return sent;
}

const button = () => screen.getByRole('button', { name: 'Approve proof of address' });

describe('the proof of address approval', () => {
  it('is disabled while the identity is not verified, and once the address is approved', () => {
    const { unmount } = renderScreen(<AddressApproval user={{ ...CLIENT, verificationStatus: 'pending' }} />);
    expect(button()).toBeDisabled();
    expect(screen.getByText('Verify the identity first.')).toBeVisible();
    unmount();
    renderScreen(<AddressApproval user={{ ...CLIENT, addressVerifiedAt: '2026-11-28T10:00:00.000Z' }} />);
    expect(button()).toBeDisabled();
    expect(screen.getByText('The proof of address is approved.')).toBeVisible();
  });

  it('asks for a reason, then sends it and toasts the answer', async () => {
    const sent = approvals();
    const { user } = renderScreen(<AddressApproval user={CLIENT} />);
    expect(button()).toBeEnabled();
    await user.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Approve proof of address' });
    expect(dialog).toHaveTextContent("Approve Ada Client's proof of address?");
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(SECURITY_MSG.reasonLength)).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Reason/), 'Utility bill checked');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(LIMITS_MSG.addressApproved)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ id: CLIENT._id, body: { reason: 'Utility bill checked' } }]);
  });

  it('offers "Revoke proof of address" once approved: asks for a reason, then sends DELETE with it', async () => {
    const sent: { id: string; body: unknown }[] = [];
    server.use(
      http.delete('/api/limits/address/{id}', async ({ params, request, response }) => {
        sent.push({ id: params.id, body: await request.json() });
        return response(200).json({ message: LIMITS_MSG.addressRevoked });
      }),
    );
    const { unmount } = renderScreen(<AddressApproval user={CLIENT} />);
    expect(screen.queryByRole('button', { name: 'Revoke proof of address' })).toBeNull();
    unmount();
    const { user } = renderScreen(
      <AddressApproval user={{ ...CLIENT, addressVerifiedAt: '2026-11-28T10:00:00.000Z' }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Revoke proof of address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke proof of address' });
    expect(dialog).toHaveTextContent("Revoke the approval of Ada Client's proof of address?");
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByText(SECURITY_MSG.reasonLength)).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Reason/), 'The bill names another person');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(LIMITS_MSG.addressRevoked)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ id: CLIENT._id, body: { reason: 'The bill names another person' } }]);
  });
});
