import { Anchor, Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
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
import { useSignin, useSignup } from '../api';
import { AuthCard, AuthSwitch } from '../../../components/auth-card';
import { AuthForm } from '../components/auth-form';

/** Where the risk disclosure is: the terms' "Plans and risk" section. */
const RISK_DISCLOSURE = `${paths.termsAndConditions}#plans-and-risk`;

/** A link of the consent box, opened in a new tab so the form keeps what was typed. */
function ConsentLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor href={to} target="_blank" rel="noopener" inherit>
      {children}
    </Anchor>
  );
}

/**
 * The registration payload plus a confirmation that must match the password and the consent to
 * the terms, the privacy notice and the risk disclosure.
 */
const signupFormSchema = signupSchema
  .extend({
    confirmPassword: z.string().min(1, MSG.required('Confirm password')),
    acceptTerms: z.boolean().refine((accepted) => accepted, MSG.consentRequired),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirmPassword'],
    // Report a mismatch even while other fields are still invalid.
    when: () => true,
  });

/**
 * /signup: registration; `?referral=` prefills the referrer's ID. A new account signs in with what
 * was typed and goes straight to the e-mail code (/email-verification); when that sign-in is
 * refused (the address already had an account), it goes to /signin as before.
 */
export function SignupPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signup = useSignup();
  const signin = useSignin();
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
      acceptTerms: false,
      referralId: searchParams.get('referral') ?? '',
    },
    ...zodForm(signupFormSchema),
  });

  const request = useMutationForm(form, signup, {
    // the form's schema let only a ticked consent box through: the API checks it again
    variables: ({ confirmPassword: _confirmPassword, referralId, acceptTerms, ...payload }) => ({
      ...payload,
      acceptTerms: acceptTerms as true,
      referralId: referralId || undefined,
    }),
    onSuccess: (answer) => {
      notifySuccess(answer.message || MSG.registered);
      const { email, password } = form.getValues();
      // the session lasts as long as the tab: the visitor has not chosen Remember me
      signin.mutate(
        { email, password, remember: false },
        {
          onSuccess: (outcome) =>
            navigate(outcome.kind === 'session' ? paths.emailVerification : paths.twoFactor),
          onError: () => navigate(paths.signin),
        },
      );
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
        <Checkbox
          required
          label={
            <>
              I accept the <ConsentLink to={paths.termsAndConditions}>Terms and Conditions</ConsentLink> and
              the <ConsentLink to={paths.privacyPolicy}>Privacy Policy</ConsentLink>, and I have read the{' '}
              <ConsentLink to={RISK_DISCLOSURE}>risk disclosure</ConsentLink>
            </>
          }
          {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
        />
      </AuthForm>
      <AuthSwitch question="Already have an account?" to={paths.signin}>
        Sign in
      </AuthSwitch>
    </AuthCard>
  );
}
