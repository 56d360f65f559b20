import { Alert, Anchor, Box, Center, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG, SECURITY_MSG } from '@common/messages';
import { twoFactorVerifySchema } from '@common/schemas/auth';
import { paths } from '../../../config/paths';
import { BrandLogo } from '../../../components/brand-logo';
import { BusyButton } from '../../../components/busy-button';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { brand } from '../../../content/brand';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { zodForm } from '../../../lib/zod-form';
import { useVerifyTwoFactor } from '../api';
import { AuthCard } from '../../../components/auth-card';
import { PasskeySigninButton } from '../components/passkey-signin-button';
import { landingFor } from '../landing';
import { clearPendingChallenge, readPendingChallenge } from '../pending-challenge';

/** The form validates the code as the route does (the challenge comes from storage, not the form). */
const codeSchema = twoFactorVerifySchema.pick({ code: true });

/**
 * /two-factor: the second sign-in step after /signin or /admin/login for accounts with two-factor
 * authentication. One field takes the authenticator's 6-digit code or a backup code (or "Use a
 * passkey instead" answers with one of the account's passkeys); on success the
 * session is stored and the account home (or the back office) opens. Without a challenge, or once
 * the server says it expired, the page says so and links back to the sign-in it came from.
 */
export function TwoFactorPage() {
  const navigate = useNavigate();
  const [pending] = useState(readPendingChallenge);
  const [ended, setEnded] = useState<string | null>(pending ? null : SECURITY_MSG.challengeExpired);
  const [failure, setFailure] = useState<string | null>(null);
  const verify = useVerifyTwoFactor();
  const form = useForm({ initialValues: { code: '' }, ...zodForm(codeSchema) });
  const signinPath = pending?.asAdmin ? paths.admin.login : paths.signin;

  const submit = form.onSubmit(({ code }) => {
    if (!pending) return;
    setFailure(null);
    verify.mutate(
      { pending, code },
      {
        onSuccess: (session) =>
          navigate(landingFor(session.user, pending.asAdmin, session.twoFactorSetupRequired), {
            replace: true,
          }),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            clearPendingChallenge();
            setEnded(errorMessage(error, SECURITY_MSG.challengeExpired));
          } else {
            setFailure(errorMessage(error, MSG.errorOccurred));
            form.setFieldValue('code', '');
          }
        },
      },
    );
  });

  return (
    <Box component="main" mih="100dvh" px="md" py="xl" bg="gray.0">
      <Center>
        <BrandLogo />
      </Center>
      <AuthCard
        title="Two-factor authentication"
        description={ended ? undefined : `Confirm it is you to open your ${brand.name} session.`}
      >
        {ended ? (
          <Alert color="orange" variant="light" role="alert">
            {ended}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <FormErrorAlert message={failure} />
              <TextInput
                label="Authentication code"
                description="The 6-digit code your authenticator app shows for this account."
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
                required
                {...form.getInputProps('code')}
              />
              <Text size="sm" c="dimmed">
                No access to the app? Type one of your backup codes (like abcde-12345) instead; each one works
                once.
              </Text>
              <BusyButton type="submit" fullWidth busy={verify.isPending}>
                Verify
              </BusyButton>
              <PasskeySigninButton
                pending={pending}
                label="Use a passkey instead"
                onExpired={(message) => {
                  clearPendingChallenge();
                  setEnded(message);
                }}
              />
            </Stack>
          </form>
        )}
        <Anchor component={Link} to={signinPath} size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> Back to sign in
        </Anchor>
      </AuthCard>
    </Box>
  );
}
