import { Anchor, Box, Center, PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@common/messages';
import { signinSchema } from '@common/schemas/auth';
import { paths } from '../../../app/paths';
import { BrandLogo } from '../../../components/brand-logo';
import { EmailInput } from '../../../components/person-inputs';
import { brand } from '../../../content/brand';
import { useFlashMessage } from '../../../hooks/use-flash-message';
import { errorMessage } from '../../../lib/api-client';
import { zodForm } from '../../../lib/zod-form';
import { useSignin } from '../api';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { landingFor } from '../landing';

/**
 * /admin/login: admins only; anyone else is told "You are not an admin". Staff with
 * two-factor authentication go on to /two-factor; staff who must set it up, to /admin/security.
 */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const signin = useSignin({ asAdmin: true });
  const failure = useFlashMessage(3000);
  const form = useForm({ initialValues: { email: '', password: '' }, ...zodForm(signinSchema) });

  const submit = form.onSubmit((credentials) => {
    failure.clear();
    signin.mutate(credentials, {
      onSuccess: (outcome) =>
        navigate(
          outcome.kind === 'two-factor'
            ? paths.twoFactor
            : landingFor(outcome.user, true, outcome.twoFactorSetupRequired),
        ),
      onError: (error) => failure.show(errorMessage(error, MSG.errorOccurred)),
    });
  });

  return (
    <Box component="main" mih="100dvh" px="md" py="xl" bg="gray.0">
      <Center>
        <BrandLogo />
      </Center>
      <AuthCard title="Admin login" description={`${brand.name} back office.`}>
        <AuthForm onSubmit={submit} failure={failure.message} busy={signin.isPending} submitLabel="Login">
          <EmailInput autoComplete="username" {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
        </AuthForm>
        <Anchor component={Link} to={paths.home} size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> Back to Home
        </Anchor>
      </AuthCard>
    </Box>
  );
}
