import { Paper, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { BusyButton } from '../../../components/busy-button';
import { useSignout } from '../../../hooks/use-signout';

/** The logout tab: signs out on the server and goes to /signin. */
export function LogoutPanel() {
  const signout = useSignout();
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={560}>
      <Stack gap="md" align="flex-start">
        <Text>Sign out of your account on this device.</Text>
        <BusyButton
          busy={signout.isPending}
          color="red.8"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() =>
            signout.mutate(undefined, { onSettled: () => navigate(paths.signin, { replace: true }) })
          }
        >
          Logout
        </BusyButton>
      </Stack>
    </Paper>
  );
}
