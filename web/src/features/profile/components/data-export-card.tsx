import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { BusyButton } from '../../../components/busy-button';
import { errorMessage } from '../../../lib/api-client';
import { downloadMyData } from '../api';

/** Said when the download fails without a message from the server. */
export const DATA_EXPORT_FAILED = 'The download failed. Please try again in a few minutes.';

/**
 * "Download my data" (docs/integrations.md "Your data"): one zip of what the portal shows the client
 * about themselves. The button reads "Loading..." while the file downloads; a failure shows under
 * it with the server's words, until the next try.
 */
export function DataExportCard() {
  const download = useMutation({ mutationFn: downloadMyData });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="my-data">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="my-data">
          Download my data
        </Title>
        <Text size="sm">
          One zip file with your profile, transaction history, statements, notifications, support messages and
          sign-in history, each as JSON and as CSV, and a README that explains every column. Amounts are in US
          dollars and times in UTC. It never holds your password or security codes.
        </Text>
        <BusyButton
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          busy={download.isPending}
          onClick={() => download.mutate()}
        >
          Download my data
        </BusyButton>
        {download.isError && (
          <Alert color="red" variant="light" role="alert" w="100%">
            {errorMessage(download.error, DATA_EXPORT_FAILED)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
