import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { userNotificationsQuery } from '../api';

/**
 * The account header's bell: links to /account/notification and shows how many
 * notifications are unread. A failed read only hides the count (such reads are logged).
 */
export function NotificationBell() {
  const { data } = useQuery(userNotificationsQuery);
  const unread = data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      disabled={unread === 0}
      size={18}
      offset={6}
      color="red.8"
    >
      <ActionIcon
        component={Link}
        to={paths.account.notification}
        variant="subtle"
        size="lg"
        aria-label={label}
      >
        <IconBell size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
