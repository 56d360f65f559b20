import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Code.layer.css';
import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { downloadEvidence } from '../evidence';

const SIGN_IN = 'Sign in to download the evidence of your account.';

const noSubscription = () => () => {};

/** The button for the session this browser holds (the session lives in the browser only). */
function ForSession() {
  const { user } = useSession();
  const download = useMutation({ mutationFn: downloadEvidence });
  if (!user || user.role !== 'client') {
    return <Text size="sm">{user ? 'Evidence files are for clients, of their own accounts.' : SIGN_IN}</Text>;
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Button
        leftSection={<IconDownload size={18} aria-hidden />}
        loading={download.isPending}
        onClick={() => download.mutate()}
      >
        Download my evidence
      </Button>
      {download.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" w="100%">
          {errorMessage(download.error, 'The evidence could not be downloaded. Please try again.')}
        </Alert>
      )}
      {download.isSuccess && (
        <Text size="sm" role="status">
          Saved as {download.data}.
        </Text>
      )}
      <Text size="sm" c="dimmed">
        To check it without us, run <Code>node verifier/verify-evidence.mjs {'<file>'}</Code> from our source
        code (Node.js only, no network): it says what holds, or the first thing that does not.
      </Text>
    </Stack>
  );
}

/**
 * The "Download my evidence" button of /transparency (docs/transparency.md "Your evidence"), for a
 * signed-in client: a loading state while the file is built, the server's message when it is
 * refused, and how to check the file once saved. A visitor or a staff member is told who it is for.
 * The page is prerendered, where no session exists: it says "sign in" until the browser takes over.
 */
export function EvidenceDownload() {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return inBrowser ? <ForSession /> : <Text size="sm">{SIGN_IN}</Text>;
}
