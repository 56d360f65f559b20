import { ActionIcon, Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useSignout } from '../../hooks/use-signout';

/**
 * Signs out on the server and clears the browser session; the area's guard then sends the browser
 * to its login page. A labelled icon on phones, a text button from 576 px.
 */
export function LogoutButton() {
  const signout = useSignout();
  const logout = () => signout.mutate();
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        hiddenFrom="xs"
        aria-label="Logout"
        onClick={logout}
        disabled={signout.isPending}
      >
        <IconLogout size={18} aria-hidden />
      </ActionIcon>
      <Button
        variant="default"
        visibleFrom="xs"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={logout}
        disabled={signout.isPending}
      >
        Logout
      </Button>
    </>
  );
}
