import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { STAFF_ROLES } from '@common/permissions';
import { staffInviteSchema } from '@common/schemas/staff';
import { ChoiceSelect } from '../../../components/admin/choice-select';
import { Dialog, DialogActions } from '../../../components/dialog';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { EmailInput, FirstNameInput, LastNameInput } from '../../../components/person-inputs';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { notifySuccess } from '../../../lib/notify';
import { STAFF_ROLE_LABELS } from '../../../lib/staff-roles';
import { zodForm } from '../../../lib/zod-form';
import { useInviteStaff } from '../api';

/** The role choices, most powerful first, as the screen names them. */
export const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/** The invite form in a dialog: e-mail, names and role; the invited member gets a set-password link. */
export function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useInviteStaff();
  const form = useForm({
    initialValues: { email: '', firstName: '', lastName: '', role: 'support' },
    ...zodForm(staffInviteSchema),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const request = useMutationForm(form, invite, {
    onSuccess: (answer) => {
      notifySuccess(`${answer.message}: ${answer.data.email}`);
      close();
    },
  });
  return (
    <Dialog opened={opened} onClose={close} title="Invite a staff member">
      <form onSubmit={request.onSubmit} noValidate aria-label="Invite a staff member">
        <Stack gap="sm">
          <FormErrorAlert message={request.failure} />
          <EmailInput {...form.getInputProps('email')} />
          <FirstNameInput {...form.getInputProps('firstName')} />
          <LastNameInput {...form.getInputProps('lastName')} />
          <ChoiceSelect label="Role" data={ROLE_OPTIONS} {...form.getInputProps('role')} />
          <DialogActions onCancel={close} submitLabel="Send invitation" busy={request.busy} />
        </Stack>
      </form>
    </Dialog>
  );
}
