import { Group, Text } from '@mantine/core';
import { IconHomeCheck, IconHomeX } from '@tabler/icons-react';
import type { UserWithFigures } from '@common/schemas/users';
import { ConfirmedButton } from '../../../components/admin/confirmed-button';
import { formatDateTime } from '../../../lib/format';
import { useApproveAddress, useRevokeAddress } from '../api';

/** What the action reads of the client. */
export type AddressClient = Pick<
  UserWithFigures,
  '_id' | 'firstName' | 'lastName' | 'verificationStatus' | 'addressVerifiedAt'
>;

/** The reason field of both decisions' dialogs. */
const REASON = {
  description: 'The client reads it in the notice, and the audit log keeps it (3 to 500 characters).',
};

/** The proof of address's state as the client's page shows it. */
export function addressStatusText(user: Pick<AddressClient, 'addressVerifiedAt'>): string {
  return user.addressVerifiedAt ? `Approved ${formatDateTime(user.addressVerifiedAt)}` : 'Not approved';
}

/** Why the action is disabled, or null when it may run. */
function blockedBecause(user: AddressClient): string | null {
  if (user.addressVerifiedAt) return 'The proof of address is approved.';
  if (user.verificationStatus !== 'verified') return 'Verify the identity first.';
  return null;
}

/**
 * "Approve proof of address" (`kyc.review`, docs/security.md "Limits by verification level"): after a
 * confirmation with a required reason, PUT /api/limits/address/:id raises the client to the level
 * `address` (audited, the client notified). Enabled only once the identity is verified and while the
 * address is not approved; the server refuses (409) otherwise.
 */
export function AddressApproval({ user }: { user: AddressClient }) {
  const approve = useApproveAddress(user._id);
  const blocked = blockedBecause(user);
  return (
    <Group gap="xs">
      {user.addressVerifiedAt && <AddressRevocation user={user} />}
      <ConfirmedButton
        confirmation={{
          title: 'Approve proof of address',
          message: `Approve ${user.firstName} ${user.lastName}'s proof of address? Their deposit and withdrawal limits become those of the highest verification level, and they are notified.`,
          confirmLabel: 'Approve',
          reason: REASON,
        }}
        mutation={approve}
        variables={{}}
        disabled={blocked !== null}
        size="sm"
        variant="filled"
        color="teal.9"
        leftSection={<IconHomeCheck size={16} aria-hidden />}
      >
        Approve proof of address
      </ConfirmedButton>
      {blocked && (
        <Text size="sm" c="dimmed">
          {blocked}
        </Text>
      )}
    </Group>
  );
}

/**
 * "Revoke proof of address" (`kyc.review`), shown once the address is approved: after a
 * confirmation with a required reason, DELETE /api/limits/address/:id puts the client back at the
 * level `identity` at once (audited, the client notified with the reason).
 */
function AddressRevocation({ user }: { user: AddressClient }) {
  const revoke = useRevokeAddress(user._id);
  return (
    <ConfirmedButton
      confirmation={{
        title: 'Revoke proof of address',
        message: `Revoke the approval of ${user.firstName} ${user.lastName}'s proof of address? Their deposit and withdrawal limits go back to those of an approved identity at once, and they are notified with your reason.`,
        confirmLabel: 'Revoke',
        danger: true,
        reason: REASON,
      }}
      mutation={revoke}
      variables={{}}
      size="sm"
      variant="outline"
      color="red.8"
      leftSection={<IconHomeX size={16} aria-hidden />}
    >
      Revoke proof of address
    </ConfirmedButton>
  );
}
