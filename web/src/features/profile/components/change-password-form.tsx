import { useForm } from '@mantine/form';
import { changePasswordFormSchema } from '@common/schemas/profile';
import { BusyButton } from '../../../components/busy-button';
import { FormCard } from '../../../components/form-card';
import { CurrentPasswordInput, NewPasswordInput } from '../../../components/person-inputs';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useChangePassword } from '../api';

/**
 * The change password tab: old, new and confirm; "Passwords do not match" stops the
 * request; the server's message is shown either way.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm({
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    ...zodForm(changePasswordFormSchema),
  });

  const request = useMutationForm(form, change, {
    variables: ({ oldPassword, newPassword }) => ({ oldPassword, newPassword }),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      form.reset();
    },
    fallback: 'An error occurred. Please try again.',
  });

  return (
    <FormCard onSubmit={request.onSubmit} failure={request.failure} maw={560}>
      <CurrentPasswordInput label="Old password" {...form.getInputProps('oldPassword')} />
      <NewPasswordInput
        label="New password"
        description="At least 8 characters."
        {...form.getInputProps('newPassword')}
      />
      <NewPasswordInput label="Confirm new password" {...form.getInputProps('confirmPassword')} />
      <BusyButton type="submit" busy={request.busy} style={{ alignSelf: 'flex-start' }}>
        Change password
      </BusyButton>
    </FormCard>
  );
}
