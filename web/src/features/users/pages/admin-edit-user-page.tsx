import { Anchor, Group, Select, SimpleGrid, Skeleton, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LIMITS, VERIFICATION_STATUSES } from '@common/constants';
import { updateUserSchema, type UserWithFigures } from '@common/schemas/users';
import { paths } from '../../../app/paths';
import { BusyButton } from '../../../components/busy-button';
import { ClientPageTitle, useNameParam } from '../../../components/client-page-title';
import { FormCard } from '../../../components/form-card';
import { LoadError } from '../../../components/load-error';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { adminUserQuery, useUpdateUser, type UpdateUserPayload } from '../api';
import { VERIFICATION_LABELS } from '../components/verification-status';

const STATUS_OPTIONS = VERIFICATION_STATUSES.filter((s) => s !== 'failed').map((value) => ({
  value,
  label: VERIFICATION_LABELS[value].label,
}));

function EditUserForm({ user }: { user: UserWithFigures }) {
  const navigate = useNavigate();
  const { user: me } = useSession();
  const update = useUpdateUser(user._id);
  const [failure, setFailure] = useState<string | null>(null);
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

  const submit = form.onSubmit((values) => {
    setFailure(null);
    update.mutate(values, {
      onSuccess: ({ message, data }) => {
        notifySuccess(message);
        navigate(paths.admin.user(data._id));
      },
      onError: (error) => setFailure(errorMessage(error, 'Something went wrong')),
    });
  });

  return (
    <FormCard onSubmit={submit} failure={failure}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="First name"
          required
          maxLength={LIMITS.nameMax}
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label="Last name"
          required
          maxLength={LIMITS.nameMax}
          {...form.getInputProps('lastName')}
        />
        <TextInput
          label="Email"
          type="email"
          required
          maxLength={LIMITS.emailMax}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Phone"
          type="tel"
          required
          maxLength={LIMITS.phoneMax}
          {...form.getInputProps('phone')}
        />
        <TextInput label="Address" required maxLength={200} {...form.getInputProps('location.address')} />
        <TextInput label="State" required maxLength={100} {...form.getInputProps('location.state')} />
        <Select
          label="Verification status"
          data={STATUS_OPTIONS}
          allowDeselect={false}
          required
          {...form.getInputProps('verificationStatus')}
        />
      </SimpleGrid>
      <Switch
        label="Blocked"
        description={
          me?._id === user._id
            ? 'You cannot block your own account.'
            : 'A blocked user is signed out at once and cannot sign in.'
        }
        disabled={me?._id === user._id}
        {...form.getInputProps('isBlocked', { type: 'checkbox' })}
      />
      <Group gap="sm">
        <BusyButton type="submit" busy={update.isPending}>
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
  const { id = '' } = useParams();
  const nameParam = useNameParam();
  const query = useQuery(adminUserQuery(id));
  const name = query.data ? `${query.data.firstName} ${query.data.lastName}` : nameParam;

  return (
    <Stack gap="md" maw={760} mx="auto" w="100%">
      <ClientPageTitle title="Edit User" name={name} />
      {query.error && !query.data ? (
        <LoadError what="the user" error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton height={420} radius="md" aria-label="Loading the user" />
      ) : (
        <EditUserForm key={query.data._id} user={query.data} />
      )}
    </Stack>
  );
}
