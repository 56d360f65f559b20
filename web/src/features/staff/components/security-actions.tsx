import { Group } from '@mantine/core';
import type { StaffMember } from '@common/schemas/staff';
import { ConfirmedButton } from '../../../components/admin/confirmed-button';
import { useBlockStaff, useResetStaffTwoFactor, useUnblockStaff } from '../api';

/** A member's name as the dialogs say it. */
const nameOf = (m: StaffMember) => `${m.firstName} ${m.lastName}`;

/** What the dialogs add when the member is an owner: another owner decides (four-eyes). */
const ownerNote = (m: StaffMember) =>
  m.role === 'owner' ? ' As they are an owner, this waits until a second owner approves it.' : '';

/**
 * Block (with a reason the member reads by e-mail) or Unblock, and Reset two-factor (with a reason)
 * of another active staff member (docs/security.md "Four-eyes approval"). On an owner the server
 * holds the action for a second owner and answers 202: the toast then says it is waiting. Nothing
 * shows for the signed-in owner's own row or a deactivated member.
 */
export function SecurityActions({ member, self }: { member: StaffMember; self: boolean }) {
  const block = useBlockStaff();
  const unblock = useUnblockStaff();
  const reset = useResetStaffTwoFactor();
  if (self || !member.active) return null;
  const name = nameOf(member);
  return (
    <Group gap={6}>
      {member.isBlocked ? (
        <ConfirmedButton
          confirmation={{
            title: 'Unblock staff member',
            message: `${name} will be able to sign in again.${ownerNote(member)}`,
            confirmLabel: 'Unblock',
          }}
          mutation={unblock}
          variables={member._id}
          color="teal.9"
        >
          Unblock
        </ConfirmedButton>
      ) : (
        <ConfirmedButton
          confirmation={{
            title: 'Block staff member',
            message: `${name} will be signed out everywhere at once and cannot sign in until unblocked.${ownerNote(member)}`,
            confirmLabel: 'Block',
            danger: true,
            reason: { description: `${name} reads this reason in an e-mail.` },
          }}
          mutation={block}
          variables={{ id: member._id }}
        >
          Block
        </ConfirmedButton>
      )}
      {member.twoFactorEnabled && (
        <ConfirmedButton
          confirmation={{
            title: 'Reset two-factor authentication',
            message: `${name}'s authenticator stops working and they are signed out everywhere; they enrol a new one at their next sign-in.${ownerNote(member)}`,
            confirmLabel: 'Reset two-factor',
            danger: true,
            reason: { description: `${name} reads this reason in an e-mail.` },
          }}
          mutation={reset}
          variables={{ id: member._id }}
        >
          Reset 2FA
        </ConfirmedButton>
      )}
    </Group>
  );
}
