import { Select, SimpleGrid } from '@mantine/core';
import { useForm } from '@mantine/form';
import { GENDERS, type Gender } from '@common/constants';
import { COUNTRY_NAMES, DEFAULT_COUNTRY } from '@common/countries';
import { PROFILE_MSG } from '@common/messages';
import { updateProfileSchema } from '@common/schemas/profile';
import type { PublicUser } from '@common/types';
import { BusyButton } from '../../../components/busy-button';
import { FormCard } from '../../../components/form-card';
import { FirstNameInput, LastNameInput, PhoneInput } from '../../../components/person-inputs';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useUpdateProfile } from '../api';
import { GENDER_LABELS } from '../labels';

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

/**
 * The edit profile tab: first and last name, phone, gender (disabled once set) and
 * country (default United States); PATCH /user/profile.
 */
export function EditProfileForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
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

  const request = useMutationForm(form, update, {
    onSuccess: (answer) => notifySuccess(answer.message || PROFILE_MSG.profileUpdated),
    fallback: 'An error occurred. Please try again.',
  });

  return (
    <FormCard onSubmit={request.onSubmit} failure={request.failure}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FirstNameInput {...form.getInputProps('firstName')} />
        <LastNameInput {...form.getInputProps('lastName')} />
        <PhoneInput {...form.getInputProps('phone')} />
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
      <BusyButton type="submit" busy={request.busy} style={{ alignSelf: 'flex-start' }}>
        Save changes
      </BusyButton>
    </FormCard>
  );
}
