import { Alert, Anchor, Box, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { STAFF_MSG } from '@common/messages';
import { acceptInvitationSchema } from '@common/schemas/staff';
import { paths } from '../../../config/paths';
import { BrandLogo } from '../../../components/brand-logo';
import { FormCard } from '../../../components/form-card';
import { PageTitle } from '../../../components/page-title';
import { NewPasswordInput } from '../../../components/person-inputs';
import { BusyButton } from '../../../components/busy-button';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useAcceptInvitation } from '../api';

/**
 * /admin/invitation?token=: an invited staff member chooses their password (twice) with the
 * e-mailed single-use link, then goes to /admin/login with a success message. A link without a
 * token says so; an unknown, used or expired one is refused by the server with the same words.
 */
export function InvitationPage() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const accept = useAcceptInvitation();
  const form = useForm({
    initialValues: { token, password: '', confirmPassword: '' },
    ...zodForm(acceptInvitationSchema),
  });
  const request = useMutationForm(form, accept, {
    onSuccess: (answer) => {
      notifySuccess(answer.message || STAFF_MSG.invitationAccepted);
      navigate(paths.admin.login);
    },
  });

  return (
    <Box component="main" mih="100dvh" px="md" py="xl" bg="gray.0">
      <Stack gap="lg" maw={480} mx="auto" align="stretch">
        <BrandLogo />
        <PageTitle
          title="Set your password"
          description="Welcome to the back office. Choose the password you will sign in with; you will then set up two-factor authentication."
        />
        {token ? (
          <FormCard onSubmit={request.onSubmit} failure={request.failure} label="Set your password">
            <NewPasswordInput label="Password" {...form.getInputProps('password')} />
            <NewPasswordInput label="Confirm password" {...form.getInputProps('confirmPassword')} />
            <BusyButton type="submit" busy={request.busy}>
              Set password
            </BusyButton>
          </FormCard>
        ) : (
          <Alert color="red" title="No invitation">
            {STAFF_MSG.invitationInvalid}
          </Alert>
        )}
        <Anchor component={Link} to={paths.admin.login} size="sm">
          Already set? Sign in
        </Anchor>
      </Stack>
    </Box>
  );
}
