import { PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { changePasswordFormSchema } from '@common/schemas/profile';
import { BusyButton } from '../../../components/busy-button';
import { FormCard } from '../../../components/form-card';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useChangePassword } from '../api';

/**
 * The change password tab: old, new and confirm; "Passwords do not match" stops the
 * request; the server's message is shown either way.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    ...zodForm(changePasswordFormSchema),
  });

  const submit = form.onSubmit(({ oldPassword, newPassword }) => {
    setFailure(null);
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          form.reset();
        },
        onError: (error) => setFailure(errorMessage(error, 'An error occurred. Please try again.')),
      },
    );
  });

  return (
    <FormCard onSubmit={submit} failure={failure} maw={560}>
      <PasswordInput
        label="Old password"
        autoComplete="current-password"
        required
        {...form.getInputProps('oldPassword')}
      />
      <PasswordInput
        label="New password"
        description="At least 8 characters."
        autoComplete="new-password"
        required
        {...form.getInputProps('newPassword')}
      />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        required
        {...form.getInputProps('confirmPassword')}
      />
      <BusyButton type="submit" busy={change.isPending} style={{ alignSelf: 'flex-start' }}>
        Change password
      </BusyButton>
    </FormCard>
  );
}
