import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useMarkNotificationsRead, userNotificationsQuery } from '../api';
import { NotificationList } from '../components/notification-list';

/**
 * /account/notification (seed §2.7): the client's notifications with delete. Opening the page marks
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
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Notifications
        </Title>
        <Text c="dimmed">Messages from us about your account, newest first.</Text>
      </Stack>
      <NotificationList
        notifications={query.data?.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        fresh={fresh}
      />
    </Stack>
  );
}
