import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGING_MSG, MSG } from '@common/messages';
import { confirmAction } from '../../../components/confirm';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { contactsQuery, useDeleteContact, type ContactMessage } from '../api';

/** One message: name, e-mail, message (as text) and Delete with confirmation. */
function ContactCard({ contact }: { contact: ContactMessage }) {
  const remove = useDeleteContact();
  const onDelete = async () => {
    const confirmed = await confirmAction({
      title: 'Delete message',
      message: MESSAGING_MSG.confirmDeleteContact,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(contact._id, {
      onSuccess: () => notifySuccess(MSG.contactDeleted),
      onError: () => notifyError(MESSAGING_MSG.contactDeleteFailed),
    });
  };
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap="xs" h="100%">
        <Stack gap={2}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {contact.name}
          </Text>
          <Anchor href={`mailto:${contact.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {contact.email}
          </Anchor>
          <Text size="xs" c="dimmed">
            <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt)}</time>
          </Text>
        </Stack>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', flex: 1 }}>
          {contact.message}
        </Text>
        <Group>
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            leftSection={<IconTrash size={14} aria-hidden />}
            loading={remove.isPending}
            onClick={() => void onDelete()}
            aria-label={`Delete message from ${contact.name}`}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /admin/contacts (seed §2.8): the contact form's messages as cards, newest first (phone and subject hidden). */
export function AdminContactsPage() {
  const query = useQuery(contactsQuery);

  let body;
  if (query.error && !query.data) {
    body = <LoadError what="the contact messages" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label="Loading contact messages">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={160} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (query.data.length === 0) {
    body = (
      <Card withBorder radius="md" padding="lg">
        <Text c="dimmed" ta="center">
          {MESSAGING_MSG.noContacts}
        </Text>
      </Card>
    );
  } else {
    body = (
      <SimpleGrid
        component="ul"
        cols={{ base: 1, md: 2 }}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Contact messages"
      >
        {query.data.map((c) => (
          <ContactCard key={c._id} contact={c} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md" w="100%" maw={1100} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Contact
        </Title>
        <Text c="dimmed">Messages sent through the public contact form, newest first.</Text>
      </Stack>
      {body}
    </Stack>
  );
}
