import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { MESSAGING_MSG } from '@common/messages';
import type { PublicNotification } from '@common/schemas/notifications';
import { confirmAction } from '../../../components/confirm';
import { LoadError } from '../../../components/load-error';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteNotification } from '../api';

interface NotificationListProps {
  /** undefined while loading. */
  notifications: PublicNotification[] | undefined;
  error: unknown;
  onRetry: () => void;
  /** Ids to mark "New" (unread when the page opened). */
  fresh?: ReadonlySet<string>;
}

/** One notification: title, message (as text, line breaks kept), time and Delete with confirmation. */
function NotificationCard({ notification: n, fresh }: { notification: PublicNotification; fresh: boolean }) {
  const remove = useDeleteNotification();
  const onDelete = async () => {
    const confirmed = await confirmAction({
      title: 'Delete notification',
      message: MESSAGING_MSG.confirmDeleteNotification,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(n._id, {
      onSuccess: () => notifySuccess(MESSAGING_MSG.notificationDeleted),
      onError: (error) => notifyError(errorMessage(error, MESSAGING_MSG.anErrorOccurred)),
    });
  };
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={n.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {n.title}
            </Text>
            {fresh && (
              <Badge size="sm" variant="light" color="blue">
                New
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {n.message}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          leftSection={<IconTrash size={14} aria-hidden />}
          loading={remove.isPending}
          onClick={() => void onDelete()}
          aria-label={`Delete notification ${n.title}`}
        >
          Delete
        </Button>
      </Group>
    </Card>
  );
}

/**
 * The notifications of the client's page and of the admin's page for one user: skeleton while
 * loading, a retry when the read fails, "No notifications found" when empty, newest first.
 */
export function NotificationList({ notifications, error, onRetry, fresh }: NotificationListProps) {
  if (error && !notifications) return <LoadError what="the notifications" error={error} onRetry={onRetry} />;
  if (!notifications) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading notifications">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={88} radius="md" />
        ))}
      </Stack>
    );
  }
  if (notifications.length === 0) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Text c="dimmed" ta="center">
          {MESSAGING_MSG.noNotifications}
        </Text>
      </Card>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notifications">
      {notifications.map((n) => (
        <NotificationCard key={n._id} notification={n} fresh={fresh?.has(n._id) ?? false} />
      ))}
    </Stack>
  );
}
