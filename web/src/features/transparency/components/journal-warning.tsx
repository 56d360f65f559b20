import '@mantine/core/styles/Alert.layer.css';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { brand } from '../../../content/brand';
import { formatDateTime } from '../../../lib/format';
import { DARK_TITLE } from './dark-title';
import { useJournalCheck, type JournalCheck } from '../use-journal-check';

/**
 * The warning for a journal check that failed: a head whose signature does not verify, or a
 * journal that is not an extension of the one this browser saw before (or whose proof could not be
 * fetched). Nothing when all holds.
 */
export function JournalWarningFor({ check }: { check: JournalCheck }) {
  const support = brand.supportEmail;
  if (!check.signatureValid) {
    return (
      <Alert
        color="red"
        title="The journal's signature does not verify"
        icon={<IconAlertTriangle aria-hidden />}
        role="alert"
        vars={DARK_TITLE.red}
      >
        <Text size="sm">
          The latest tree head is not signed by the key it names. Do not rely on the marks below and contact{' '}
          {support}.
        </Text>
      </Alert>
    );
  }
  const { history } = check;
  if (history.kind === 'inconsistent') {
    return (
      <Alert
        color="red"
        title="The journal changed"
        icon={<IconAlertTriangle aria-hidden />}
        role="alert"
        vars={DARK_TITLE.red}
      >
        <Text size="sm">
          The journal we showed you before ({history.previous.size.toLocaleString('en-US')} entries, on{' '}
          {formatDateTime(history.previous.timestamp)}) is not a prefix of today's ({history.reason}): contact{' '}
          {support}.
        </Text>
      </Alert>
    );
  }
  if (history.kind === 'unchecked') {
    return (
      <Alert
        color="yellow"
        title="The journal could not be compared"
        icon={<IconAlertTriangle aria-hidden />}
        role="alert"
        vars={DARK_TITLE.yellow}
      >
        <Text size="sm">
          We could not check that today's journal extends the one we showed you before ({history.reason}).
          Reload the page to try again; if this stays, contact {support}.
        </Text>
      </Alert>
    );
  }
  return null;
}

/** The journal warning of this page load's check (see useJournalCheck); nothing while it runs or when all holds. */
export function JournalWarning() {
  const check = useJournalCheck();
  return check.data ? <JournalWarningFor check={check.data} /> : null;
}
