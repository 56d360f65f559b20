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

/** One decision of the reviewer: the button and its dialog, what the dialog says, its confirm button. */
interface Decision {
  name: string;
  says: string;
  confirm: string;
}

/**
 * Presses the decision's button; its dialog says what it does and refuses to confirm without a
 * reason (nothing `sent`); with `reason` it confirms, toasts `toast` and closes.
 */
async function decide(
  user: ReturnType<typeof renderScreen>['user'],
  { name, says, confirm }: Decision,
  { reason, toast, sent }: { reason: string; toast: string; sent: unknown[] },
) {
  await user.click(screen.getByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name });
  expect(dialog).toHaveTextContent(says);
  await user.click(within(dialog).getByRole('button', { name: confirm }));
  expect(await within(dialog).findByText(SECURITY_MSG.reasonLength)).toBeVisible();
  expect(sent).toEqual([]);

  await user.type(within(dialog).getByLabelText(/^Reason/), reason);
  await user.click(within(dialog).getByRole('button', { name: confirm }));
  expect(await screen.findByText(toast)).toBeVisible();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
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
    const approval = {
      name: 'Approve proof of address',
      says: "Approve Ada Client's proof of address?",
      confirm: 'Approve',
    };
    await decide(user, approval, { reason: 'Utility bill checked', toast: LIMITS_MSG.addressApproved, sent });
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
    const revocation = {
      name: 'Revoke proof of address',
      says: "Revoke the approval of Ada Client's proof of address?",
      confirm: 'Revoke',
    };
    const reason = 'The bill names another person';
    await decide(user, revocation, { reason, toast: LIMITS_MSG.addressRevoked, sent });
    expect(sent).toEqual([{ id: CLIENT._id, body: { reason: 'The bill names another person' } }]);
  });
});
