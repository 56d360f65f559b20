import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconLock, IconLockOpen, IconTrash, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { USER_ADMIN_MSG } from '@common/messages';
import type { UserWithFigures } from '@common/schemas/users';
import { paths } from '../../../config/paths';
import { confirmThenRun } from '../../../components/admin/confirm-then-run';
import { ConfirmedButton } from '../../../components/admin/confirmed-button';
import { Can } from '../../../components/can';
import { confirmAction } from '../../../components/confirm';
import { useDeleteUser, useReviewVerification, useSetBlocked } from '../api';

const fullName = (u: UserWithFigures) => `${u.firstName} ${u.lastName}`;

/** The two decisions on a KYC submission: their button and the question asked first. */
const KYC_DECISIONS = [
  {
    status: 'verified',
    label: 'Verify',
    button: { variant: 'filled', color: 'teal.9', leftSection: <IconCheck size={16} aria-hidden /> },
    message: (name: string) => `Mark ${name}'s identity as verified? The client is notified.`,
  },
  {
    status: 'rejected',
    label: 'Reject',
    button: { variant: 'outline', color: 'red.9', leftSection: <IconX size={16} aria-hidden /> },
    message: (name: string) =>
      `Reject ${name}'s identity documents? The client is notified and may upload new ones.`,
  },
] as const;

/**
 * Verify / Reject of a pending KYC submission, each after a confirmation (a rejection's with a
 * required reason the client reads); the client is notified by the server. Disabled unless the
 * status is pending.
 */
export function KycReviewButtons({ user }: { user: UserWithFigures }) {
  const review = useReviewVerification(user._id);
  const pending = user.verificationStatus === 'pending';
  return (
    <Group gap="xs">
      {KYC_DECISIONS.map((decision) => (
        <ConfirmedButton
          key={decision.status}
          confirmation={{
            title: `${decision.label} identity`,
            message: decision.message(fullName(user)),
            confirmLabel: decision.label,
            danger: decision.status === 'rejected',
            ...(decision.status === 'rejected' && {
              reason: {
                description:
                  'The client reads it on their verification page, in a notice and an e-mail (3 to 500 characters).',
              },
            }),
          }}
          mutation={review}
          variables={{ status: decision.status }}
          disabled={!pending}
          size="sm"
          {...decision.button}
        >
          {decision.label}
        </ConfirmedButton>
      ))}
      {!pending && (
        <Text size="sm" c="dimmed">
          Only a pending submission can be reviewed.
        </Text>
      )}
    </Group>
  );
}

/**
 * Block / Unblock (confirmed, blocking with a required reason e-mailed to the client; blocking ends
 * the user's sessions at once; `clients.block`) and Delete
 * with the original two confirmations (`clients.delete`); a refused delete shows "Error deleting
 * user" with the server's reason. Each shows only to a role that has its permission.
 */
export function UserActions({ user, self }: { user: UserWithFigures; self: boolean }) {
  const navigate = useNavigate();
  const setBlocked = useSetBlocked(user._id);
  const remove = useDeleteUser(user._id);
  const block = !user.isBlocked;

  const deleteUser = async () => {
    const first = await confirmAction({
      title: 'Delete user',
      message: USER_ADMIN_MSG.confirmDeleteUser,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!first) return;
    await confirmThenRun(
      {
        title: 'Delete user completely',
        message: `${USER_ADMIN_MSG.confirmDeleteUserCompletely} Their personal data and sign-in are erased; their ledger history is kept under an anonymised record.`,
        confirmLabel: 'Delete completely',
        danger: true,
      },
      remove.mutateAsync,
      undefined,
      {
        failure: USER_ADMIN_MSG.deleteUserFailed,
        failureTitle: USER_ADMIN_MSG.deleteUserFailed,
        onDone: () => navigate(paths.admin.users),
      },
    );
  };

  return (
    <Group gap="xs">
      <Can permission="clients.block">
        <ConfirmedButton
          confirmation={{
            title: block ? 'Block user' : 'Unblock user',
            message: block
              ? `Block ${fullName(user)}? They are signed out at once and cannot sign in until unblocked.`
              : `Unblock ${fullName(user)}? They can sign in again.`,
            confirmLabel: block ? 'Block' : 'Unblock',
            danger: block,
            ...(block && {
              reason: {
                description: 'E-mailed to the client and kept in the audit log (3 to 500 characters).',
              },
            }),
          }}
          mutation={setBlocked}
          variables={{ blocked: block }}
          disabled={self}
          size="sm"
          color={block ? 'red.9' : 'teal.9'}
          leftSection={block ? <IconLock size={16} aria-hidden /> : <IconLockOpen size={16} aria-hidden />}
        >
          {block ? 'Block' : 'Unblock'}
        </ConfirmedButton>
      </Can>
      <Can permission="clients.delete">
        <Button
          color="red.8"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={deleteUser}
          disabled={self || remove.isPending}
        >
          Delete
        </Button>
      </Can>
    </Group>
  );
}
