import { Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { GENDERS, type Gender } from '@common/constants';
import { COUNTRY_NAMES, DEFAULT_COUNTRY } from '@common/countries';
import { PROFILE_MSG } from '@common/messages';
import { updateProfileSchema } from '@common/schemas/profile';
import type { PublicUser } from '@common/types';
import { BusyButton } from '../../../components/busy-button';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useUpdateProfile } from '../api';
import { GENDER_LABELS } from '../labels';

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

/**
 * The edit profile tab (seed §2.7, §3): first and last name, phone, gender (disabled once set) and
 * country (default United States); PATCH /user/profile.
 */
export function EditProfileForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      gender: user.gender as Gender | null,
      country: COUNTRY_NAMES.includes(user.country) ? user.country : DEFAULT_COUNTRY,
    },
    ...zodForm(updateProfileSchema),
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    update.mutate(values, {
      onSuccess: (answer) => notifySuccess(answer.message || PROFILE_MSG.profileUpdated),
      onError: (error) => setFailure(errorMessage(error, 'An error occurred. Please try again.')),
    });
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormErrorAlert message={failure} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              {...form.getInputProps('lastName')}
            />
            <TextInput
              label="Phone number"
              type="tel"
              autoComplete="tel"
              required
              {...form.getInputProps('phone')}
            />
            <Select
              label="Gender"
              data={GENDER_OPTIONS}
              disabled={user.gender !== null}
              description={user.gender !== null ? 'Gender cannot be changed here.' : undefined}
              allowDeselect={false}
              {...form.getInputProps('gender')}
            />
            <Select
              label="Country"
              data={COUNTRY_NAMES as string[]}
              searchable
              allowDeselect={false}
              nothingFoundMessage="No country found"
              autoComplete="off"
              required
              {...form.getInputProps('country')}
            />
          </SimpleGrid>
          <BusyButton type="submit" busy={update.isPending} style={{ alignSelf: 'flex-start' }}>
            Save changes
          </BusyButton>
        </Stack>
      </form>
    </Paper>
  );
}
