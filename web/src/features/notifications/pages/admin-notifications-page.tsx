import { Anchor, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { MESSAGING_MSG } from '@common/messages';
import { createNotificationSchema, NOTIFICATION_LIMITS } from '@common/schemas/notifications';
import { paths } from '../../../app/paths';
import { BusyButton } from '../../../components/busy-button';
import { useNameParam } from '../../../components/client-page-title';
import { CollapsiblePanel } from '../../../components/collapsible-panel';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { adminNotificationsQuery, useSendNotification } from '../api';
import { NotificationList } from '../components/notification-list';

/** The collapsible Add Notification form: title and message for this user. */
function AddNotificationForm({ userId }: { userId: string }) {
  const send = useSendNotification();
  const form = useForm({
    initialValues: { userId, title: '', message: '' },
    ...zodForm(createNotificationSchema),
  });
  const submit = form.onSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        notifySuccess(MESSAGING_MSG.notificationSent);
        form.reset();
      },
      onError: (error) => notifyError(errorMessage(error, MESSAGING_MSG.anErrorOccurred)),
    }),
  );
  return (
    <CollapsiblePanel id="add-notification" label="Add Notification">
      <form onSubmit={submit} noValidate aria-label="Add notification">
        <Stack gap="sm" mt="sm">
          <TextInput
            label="Title"
            required
            maxLength={NOTIFICATION_LIMITS.title}
            {...form.getInputProps('title')}
          />
          <Textarea
            label="Message"
            required
            autosize
            minRows={3}
            maxLength={NOTIFICATION_LIMITS.message}
            {...form.getInputProps('message')}
          />
          <Group>
            <BusyButton type="submit" busy={send.isPending}>
              Send notification
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </CollapsiblePanel>
  );
}

/**
 * /admin/notifications/:id?name=: send a notification to one client (in-app and by
 * e-mail) and list or delete theirs.
 */
export function AdminNotificationsPage() {
  const { id = '' } = useParams();
  const name = useNameParam();
  const query = useQuery(adminNotificationsQuery(id));

  return (
    <Stack gap="md" w="100%" maw={900} mx="auto">
      <PageTitle
        title="Notifications"
        description={
          <>
            {name ? 'For ' : 'For this client. '}
            {name && (
              <Anchor component={Link} to={paths.admin.user(id)} underline="always">
                {name}
              </Anchor>
            )}
            {name && '. '}
            Each notification is also sent to the client by e-mail.
          </>
        }
      />
      <AddNotificationForm userId={id} />
      <NotificationList notifications={query.data} error={query.error} onRetry={() => void query.refetch()} />
    </Stack>
  );
}
