import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useMarkNotificationsRead, userNotificationsQuery } from '../api';
import { NotificationList } from '../components/notification-list';
import { PageTitle } from '../../../components/page-title';

/**
 * /account/notification: the client's notifications with delete. Opening the page marks
 * them read, so the header bell drops to 0; those that were unread show "New" while the page stays open.
 */
export function NotificationsPage() {
  const query = useQuery(userNotificationsQuery);
  const markRead = useMarkNotificationsRead();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const marked = useRef(false);
  const unread = query.data?.unread ?? 0;
  const { mutate } = markRead;

  useEffect(() => {
    if (!query.data || unread === 0 || marked.current) return;
    marked.current = true;
    const unreadIds = query.data.data.filter((n) => n.readAt === null).map((n) => n._id);
    setFresh((earlier) => new Set([...earlier, ...unreadIds]));
    mutate(undefined, { onSettled: () => (marked.current = false) });
  }, [query.data, unread, mutate]);

  return (
    <Stack gap="md" w="100%" maw={840} mx="auto">
      <PageTitle title="Notifications" description="Messages from us about your account, newest first." />
      <NotificationList
        notifications={query.data?.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        fresh={fresh}
      />
    </Stack>
  );
}
