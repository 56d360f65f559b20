import { Anchor, Group, SimpleGrid, Skeleton, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { LIMITS, VERIFICATION_STATUSES } from '@common/constants';
import { updateUserSchema, type UserWithFigures } from '@common/schemas/users';
import { paths } from '../../../config/paths';
import { ChoiceSelect } from '../../../components/admin/choice-select';
import { BusyButton } from '../../../components/busy-button';
import { FormCard } from '../../../components/form-card';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useUpdateUser, type UpdateUserPayload } from '../api';
import { ClientUserPage } from '../components/client-user-page';
import { VERIFICATION_LABELS } from '../components/verification-status';

/**
 * The verification choices; Rejected only for a client already rejected: rejecting needs a reason,
 * given with Reject on the client's page (the server refuses it here).
 */
const statusOptions = (rejected: boolean) =>
  VERIFICATION_STATUSES.filter((s) => s !== 'failed').map((value) => ({
    value,
    label: VERIFICATION_LABELS[value].label,
    disabled: value === 'rejected' && !rejected,
  }));

/** The text fields, all required, with their input types and length limits. */
const TEXT_FIELDS = [
  { name: 'firstName', label: 'First name', maxLength: LIMITS.nameMax },
  { name: 'lastName', label: 'Last name', maxLength: LIMITS.nameMax },
  { name: 'email', label: 'Email', type: 'email', maxLength: LIMITS.emailMax },
  { name: 'phone', label: 'Phone', type: 'tel', maxLength: LIMITS.phoneMax },
  { name: 'location.address', label: 'Address', maxLength: 200 },
  { name: 'location.state', label: 'State', maxLength: 100 },
] as const;

function EditUserForm({ user }: { user: UserWithFigures }) {
  const navigate = useNavigate();
  const { user: me } = useSession();
  const self = me?._id === user._id;
  const update = useUpdateUser(user._id);
  const form = useForm<UpdateUserPayload>({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      location: { address: user.location.address, state: user.location.state },
      // "failed" is the original product's other spelling of rejected
      verificationStatus: user.verificationStatus === 'failed' ? 'rejected' : user.verificationStatus,
      isBlocked: user.isBlocked,
    },
    validate: schemaResolver(updateUserSchema, { sync: true }),
  });
  const { onSubmit, failure, busy } = useMutationForm(form, update, {
    fallback: 'Something went wrong',
    onSuccess: ({ message, data }) => {
      notifySuccess(message);
      navigate(paths.admin.user(data._id));
    },
  });

  return (
    <FormCard onSubmit={onSubmit} failure={failure}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {TEXT_FIELDS.map(({ name, ...field }) => (
          <TextInput key={name} required {...field} {...form.getInputProps(name)} />
        ))}
        <ChoiceSelect
          label="Verification status"
          description="To reject documents, use Reject on the client's page, where you give the reason."
          data={statusOptions(user.verificationStatus === 'rejected' || user.verificationStatus === 'failed')}
          {...form.getInputProps('verificationStatus')}
        />
      </SimpleGrid>
      <Switch
        label="Blocked"
        description={
          self
            ? 'You cannot block your own account.'
            : user.isBlocked
              ? 'Turn off to unblock: they can sign in again.'
              : "To block, use Block on the client's page, where you give the reason the client is e-mailed."
        }
        disabled={self || !user.isBlocked}
        {...form.getInputProps('isBlocked', { type: 'checkbox' })}
      />
      <Group gap="sm">
        <BusyButton type="submit" busy={busy}>
          Save changes
        </BusyButton>
        <Anchor component={Link} to={paths.admin.user(user._id)} size="sm">
          Cancel
        </Anchor>
      </Group>
    </FormCard>
  );
}

/**
 * /admin/users/edit/:id?name=: first name, last name, e-mail, phone, address, state,
 * verification status and blocked; every field is required ("All fields are required").
 */
export function AdminEditUserPage() {
  return (
    <ClientUserPage
      title="Edit User"
      maw={760}
      what="the user"
      loading={<Skeleton height={420} radius="md" aria-label="Loading the user" />}
    >
      {(user) => <EditUserForm key={user._id} user={user} />}
    </ClientUserPage>
  );
}
