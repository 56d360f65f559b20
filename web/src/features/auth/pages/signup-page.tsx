import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { MSG } from '@common/messages';
import { signupSchema } from '@common/schemas/auth';
import { paths } from '../../../config/paths';
import {
  EmailInput,
  FirstNameInput,
  GenderRadios,
  LastNameInput,
  NewPasswordInput,
  PhoneInput,
} from '../../../components/person-inputs';
import { brand } from '../../../content/brand';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { COUNTRY_NAMES } from '@common/countries';
import { notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useSignup } from '../api';
import { AuthCard, AuthSwitch } from '../../../components/auth-card';
import { AuthForm } from '../components/auth-form';

/** The registration payload plus a confirmation that must match the password. */
const signupFormSchema = signupSchema
  .extend({ confirmPassword: z.string().min(1, MSG.required('Confirm password')) })
  .refine((values) => values.password === values.confirmPassword, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirmPassword'],
    // Report a mismatch even while other fields are still invalid.
    when: () => true,
  });

/** /signup: registration; `?referral=` prefills the referrer's ID. */
export function SignupPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signup = useSignup();
  const form = useForm({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      gender: '',
      country: null as string | null,
      password: '',
      confirmPassword: '',
      referralId: searchParams.get('referral') ?? '',
    },
    ...zodForm(signupFormSchema),
  });

  const request = useMutationForm(form, signup, {
    variables: ({ confirmPassword: _confirmPassword, referralId, ...payload }) => ({
      ...payload,
      referralId: referralId || undefined,
    }),
    onSuccess: (answer) => {
      notifySuccess(answer.message || MSG.registered);
      navigate(paths.signin);
    },
    failureMs: 3000,
  });

  return (
    <AuthCard title="Create your account" description={`Open a ${brand.name} account in a minute.`}>
      <AuthForm {...request} failureTitle="Error!" submitLabel="Register">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <FirstNameInput {...form.getInputProps('firstName')} />
          <LastNameInput {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <EmailInput {...form.getInputProps('email')} />
        <PhoneInput {...form.getInputProps('phone')} />
        <GenderRadios {...form.getInputProps('gender')} />
        <Select
          label="Country"
          placeholder="Search for your country"
          data={COUNTRY_NAMES}
          searchable
          nothingFoundMessage="No country found"
          autoComplete="country-name"
          required
          {...form.getInputProps('country')}
        />
        <NewPasswordInput {...form.getInputProps('password')} />
        <NewPasswordInput label="Confirm password" {...form.getInputProps('confirmPassword')} />
        <TextInput
          label="Referral ID (optional)"
          description="The ID of the client who invited you"
          {...form.getInputProps('referralId')}
        />
      </AuthForm>
      <AuthSwitch question="Already have an account?" to={paths.signin}>
        Sign in
      </AuthSwitch>
    </AuthCard>
  );
}
