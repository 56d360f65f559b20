import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { STAFF_MSG } from '@common/messages';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { staffRoleLabel } from '../../lib/staff-roles';

/**
 * What a back-office page shows a staff role that may not use it (the server would answer 403
 * "Your role does not allow this"): the same words, the role, and a way back.
 */
export function NotAllowed() {
  const role = staffRoleLabel(useSession().user?.role);
  return (
    <Stack gap="sm" maw={640}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {STAFF_MSG.notAllowed}
      </Title>
      <Text c="dimmed">
        {role ? `The ${role} role cannot open this page.` : 'This page is not part of your role.'} Ask the
        owner if you need it.
      </Text>
      <Anchor component={Link} to={paths.admin.dashboard}>
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}
