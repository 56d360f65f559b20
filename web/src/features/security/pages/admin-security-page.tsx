import { Alert, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { SECURITY_MSG } from '@common/messages';
import { paths } from '../../../config/paths';
import { PageTitle } from '../../../components/page-title';
import { clearTwoFactorSetupRequired, useSession, useTwoFactorSetupRequired } from '../../../lib/session';
import { SecuritySettings } from '../components/security-settings';

/**
 * /admin/security: the staff member's own two-factor authentication, sessions and sign-in history.
 * Staff who must set two-factor up first (STAFF_TWO_FACTOR=required) are sent here by the admin
 * layout; once it is on they go on to the back office.
 */
export function AdminSecurityPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const flagged = useTwoFactorSetupRequired();
  const setupRequired = flagged && user?.twoFactorEnabled !== true;

  const afterEnabled = () => {
    if (!flagged) return;
    clearTwoFactorSetupRequired();
    navigate(paths.admin.dashboard, { replace: true });
  };

  return (
    <Stack gap="md" maw={1000}>
      <PageTitle
        title="Security"
        description="Your two-factor authentication, open sessions and sign-in history."
      />
      {setupRequired && (
        <Alert color="orange" variant="light" icon={<IconShieldLock aria-hidden />}>
          <Text size="sm" fw={700}>
            {SECURITY_MSG.staffRequired}
          </Text>
          <Text size="sm">Set up two-factor authentication below to open the back office.</Text>
        </Alert>
      )}
      <SecuritySettings onTwoFactorEnabled={afterEnabled} />
    </Stack>
  );
}
