import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconLock, IconLockOpen, IconTrash, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { USER_ADMIN_MSG } from '@common/messages';
import type { UserWithFigures } from '@common/schemas/users';
import { paths } from '../../../app/paths';
import { confirmAction } from '../../../components/confirm';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteUser, useReviewVerification, useSetBlocked } from '../api';

const fullName = (u: UserWithFigures) => `${u.firstName} ${u.lastName}`;

/**
 * Verify / Reject of a pending KYC submission, each after a confirmation; the client is notified by
 * the server. Disabled unless the status is pending.
 */
export function KycReviewButtons({ user }: { user: UserWithFigures }) {
  const review = useReviewVerification(user._id);
  const pending = user.verificationStatus === 'pending';
  const run = async (status: 'verified' | 'rejected') => {
    const verb = status === 'verified' ? 'Verify' : 'Reject';
    const confirmed = await confirmAction({
      title: `${verb} identity`,
      message:
        status === 'verified'
          ? `Mark ${fullName(user)}'s identity as verified? The client is notified.`
          : `Reject ${fullName(user)}'s identity documents? The client is notified and may upload new ones.`,
      confirmLabel: verb,
      danger: status === 'rejected',
    });
    if (!confirmed) return;
    review.mutate(status, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: (error) => notifyError(errorMessage(error, 'Something went wrong')),
    });
  };
  return (
    <Group gap="xs">
      <Button
        size="sm"
        color="teal.9"
        leftSection={<IconCheck size={16} aria-hidden />}
        disabled={!pending || review.isPending}
        onClick={() => run('verified')}
      >
        Verify
      </Button>
      <Button
        size="sm"
        variant="outline"
        color="red.9"
        leftSection={<IconX size={16} aria-hidden />}
        disabled={!pending || review.isPending}
        onClick={() => run('rejected')}
      >
        Reject
      </Button>
      {!pending && (
        <Text size="sm" c="dimmed">
          Only a pending submission can be reviewed.
        </Text>
      )}
    </Group>
  );
}

/**
 * Block / Unblock (confirmed; blocking ends the user's sessions at once) and Delete with the original
 * two confirmations; a refused delete shows "Error deleting user" with the server's reason.
 */
export function UserActions({ user, self }: { user: UserWithFigures; self: boolean }) {
  const navigate = useNavigate();
  const setBlocked = useSetBlocked(user._id);
  const remove = useDeleteUser(user._id);

  const toggleBlock = async () => {
    const block = !user.isBlocked;
    const confirmed = await confirmAction({
      title: block ? 'Block user' : 'Unblock user',
      message: block
        ? `Block ${fullName(user)}? They are signed out at once and cannot sign in until unblocked.`
        : `Unblock ${fullName(user)}? They can sign in again.`,
      confirmLabel: block ? 'Block' : 'Unblock',
      danger: block,
    });
    if (!confirmed) return;
    setBlocked.mutate(block, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: (error) => notifyError(errorMessage(error, 'Something went wrong')),
    });
  };

  const deleteUser = async () => {
    const first = await confirmAction({
      title: 'Delete user',
      message: USER_ADMIN_MSG.confirmDeleteUser,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!first) return;
    const second = await confirmAction({
      title: 'Delete user completely',
      message: `${USER_ADMIN_MSG.confirmDeleteUserCompletely} Their personal data and sign-in are erased; their ledger history is kept under an anonymised record.`,
      confirmLabel: 'Delete completely',
      danger: true,
    });
    if (!second) return;
    remove.mutate(undefined, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        navigate(paths.admin.users);
      },
      onError: (error) =>
        notifyError(errorMessage(error, USER_ADMIN_MSG.deleteUserFailed), USER_ADMIN_MSG.deleteUserFailed),
    });
  };

  return (
    <Group gap="xs">
      <Button
        variant="outline"
        color={user.isBlocked ? 'teal.9' : 'red.9'}
        leftSection={
          user.isBlocked ? <IconLockOpen size={16} aria-hidden /> : <IconLock size={16} aria-hidden />
        }
        onClick={toggleBlock}
        disabled={self || setBlocked.isPending}
      >
        {user.isBlocked ? 'Unblock' : 'Block'}
      </Button>
      <Button
        color="red.8"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={deleteUser}
        disabled={self || remove.isPending}
      >
        Delete
      </Button>
    </Group>
  );
}
