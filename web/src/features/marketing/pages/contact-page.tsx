import '@mantine/core/styles/Input.layer.css';
import { Anchor, Box, Button, Grid, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMail, IconMapPin } from '@tabler/icons-react';
import { contactSchema } from '@common/schemas/contact';
import { EmailInput } from '../../../components/person-inputs';
import { brand } from '../../../content/brand';
import { contact } from '../../../content/pages';
import { toastOutcome } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useSendContact } from '../api';
import { PageHeader } from '../components/page-header';
import { PageSection } from '../components/page-section';

/** The map area: a drawn street grid with a pin and the office address (no map provider). */
function MapArea() {
  return (
    <Paper withBorder radius="md" pos="relative" h={220} style={{ overflow: 'hidden' }}>
      <svg viewBox="0 0 300 220" width="100%" height="100%" preserveAspectRatio="xMidYMid slice" aria-hidden>
        <rect width="300" height="220" fill="var(--mantine-color-gray-1)" />
        <path d="M0 70h300M0 150h300M80 0v220M200 0v220" stroke="white" strokeWidth="14" />
        <path d="M0 20l300 180" stroke="var(--mantine-color-yellow-2)" strokeWidth="10" />
        <rect x="210" y="80" width="70" height="55" rx="6" fill="var(--mantine-color-teal-1)" />
      </svg>
      <Stack pos="absolute" inset={0} align="center" justify="center" gap={4}>
        <IconMapPin size={40} color="var(--mantine-color-red-8)" aria-hidden />
        <Paper shadow="sm" px="sm" py={6} ta="center">
          <Text fw={700} size="sm">
            {brand.office.label}
          </Text>
          {brand.office.lines.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Paper>
      </Stack>
    </Paper>
  );
}

/** /contact: the contact form (POST /api/contacts), the support address and the map area. */
export function ContactPage() {
  const send = useSendContact();
  const form = useForm({
    initialValues: { name: '', email: '', message: '' },
    ...zodForm(contactSchema),
  });

  const submit = form.onSubmit((values) =>
    send.mutate(
      values,
      toastOutcome(contact.sent, () => contact.failed, form.reset),
    ),
  );

  return (
    <>
      <PageHeader title={contact.title} crumb="Contact" intro={contact.intro} />
      <PageSection>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <form onSubmit={submit} noValidate aria-label="Contact form">
              <Stack gap="sm">
                <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
                <EmailInput {...form.getInputProps('email')} />
                <Textarea label="Message" rows={5} required {...form.getInputProps('message')} />
                <Box>
                  <Button type="submit" disabled={send.isPending}>
                    {send.isPending ? contact.sending : contact.submit}
                  </Button>
                </Box>
              </Stack>
            </form>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <Stack gap={4}>
                <Title order={2} fz="lg">
                  {contact.supportHeading}
                </Title>
                <Text size="sm">{contact.supportText}</Text>
                <Anchor href={`mailto:${brand.supportEmail}`} style={{ overflowWrap: 'anywhere' }}>
                  <IconMail size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
                  {brand.supportEmail}
                </Anchor>
              </Stack>
              <Stack gap="xs">
                <Title order={2} fz="lg">
                  {contact.mapHeading}
                </Title>
                <MapArea />
              </Stack>
            </Stack>
          </Grid.Col>
        </Grid>
      </PageSection>
    </>
  );
}
