import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '@common/messages';
import { resetTwoFactorSchema } from '@common/schemas/auth';
import type { UserWithFigures } from '@common/schemas/users';
import { AdminSection } from '../../../components/admin/admin-section';
import { Can } from '../../../components/can';
import { ReasonTextarea } from '../../../components/admin/reason-textarea';
import { Dialog, DialogActions } from '../../../components/dialog';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { OnOffBadge } from '../../../components/on-off-badge';
import { SecurityHoldAlert } from '../../../components/security-hold-alert';
import { usePaging } from '../../../hooks/use-paging';
import { SessionTable } from '../../../components/session-table';
import { SignInHistoryTable } from '../../../components/sign-in-history-table';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { adminUserSessionsQuery, adminUserSignInHistoryQuery, useResetTwoFactor } from '../api';

/** The reset dialog: a required reason (3–500 characters, e-mailed to the client). */
function ResetTwoFactorModal({
  user,
  opened,
  onClose,
}: {
  user: UserWithFigures;
  opened: boolean;
  onClose: () => void;
}) {
  const reset = useResetTwoFactor(user._id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { reason: '' }, ...zodForm(resetTwoFactorSchema) });
  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  const submit = form.onSubmit((input) => {
    setFailure(null);
    reset.mutate(input, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        close();
      },
      onError: (error) => setFailure(errorMessage(error, MSG.errorOccurred)),
    });
  });
  return (
    <Dialog opened={opened} onClose={close} title="Reset two-factor authentication">
      <form onSubmit={submit} noValidate aria-label="Reset two-factor authentication">
        <Stack gap="md">
          <Text size="sm">
            Turns two-factor off for {user.firstName} {user.lastName} and signs them out everywhere; they sign
            in with the password alone until they set it up again. Only do this once you have checked who is
            asking.
          </Text>
          <FormErrorAlert message={failure} />
          <ReasonTextarea
            description="E-mailed to the client and kept in the audit log (3 to 500 characters)."
            {...form.getInputProps('reason')}
          />
          <DialogActions
            onCancel={close}
            submitLabel="Reset two-factor"
            color="red.8"
            busy={reset.isPending}
            lockCancel
          />
        </Stack>
      </form>
    </Dialog>
  );
}

/**
 * The Security card of /admin/users/:id: the hold on the client's withdrawals after a security
 * change (while there is one), whether the client uses two-factor authentication (with
 * "Reset two-factor" while it is on, for a role with `twoFactor.reset`), their open sessions and
 * their sign-in history, paged.
 */
export function UserSecurity({ user }: { user: UserWithFigures }) {
  const [resetting, setResetting] = useState(false);
  const sessions = useQuery(adminUserSessionsQuery(user._id));
  const paging = usePaging();
  const history = useQuery(
    adminUserSignInHistoryQuery(user._id, { page: paging.page, pageSize: paging.pageSize }),
  );
  const on = user.twoFactorEnabled;

  return (
    <AdminSection title="Security" headingGap="md">
      <Stack gap="md">
        <SecurityHoldAlert clientId={user._id} />
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Text size="sm" fw={600}>
              Two-factor authentication
            </Text>
            <OnOffBadge on={on} />
          </Group>
          {on && (
            <Can permission="twoFactor.reset">
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                leftSection={<IconShieldOff size={14} aria-hidden />}
                onClick={() => setResetting(true)}
              >
                Reset two-factor
              </Button>
            </Can>
          )}
        </Group>
        <Stack gap="xs">
          <Title order={3} fz="md">
            Active sessions
          </Title>
          <SessionTable caption="Client's active sessions" query={sessions} />
        </Stack>
        <Stack gap="xs">
          <Title order={3} fz="md">
            Sign-in history
          </Title>
          <SignInHistoryTable caption="Client's sign-in history" query={history} paging={paging} />
        </Stack>
      </Stack>
      <ResetTwoFactorModal user={user} opened={resetting} onClose={() => setResetting(false)} />
    </AdminSection>
  );
}
