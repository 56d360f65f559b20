import '@mantine/core/styles/Button.layer.css';
import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { brand } from '../../../content/brand';
import { formatDateTime } from '../../../lib/format';
import { evidenceText } from '../seen-head';
import { WarningAlert } from './warning-alert';
import { useJournalCheck, type JournalCheck } from '../use-journal-check';

/** Saves `text` as a file named `name` (a download the browser starts). */
function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The warning for a journal check that failed: a head that does not pass the check against the
 * pinned key and witnesses, or a journal that is not an extension of the one this browser saw
 * before (with both signed checkpoints to download), or whose proof could not be fetched. Nothing
 * when all holds.
 */
export function JournalWarningFor({ check }: { check: JournalCheck }) {
  const support = brand.supportEmail;
  if (!check.signatureValid) {
    return (
      <WarningAlert tone="red" title="The journal's signature does not verify">
        <Text size="sm">
          The latest tree head does not pass the check against the key pinned in this site's code (
          {check.signatureProblem ?? 'its signature does not verify'}). Do not rely on the marks below and
          contact {support}.
        </Text>
      </WarningAlert>
    );
  }
  const { history } = check;
  if (history.kind === 'inconsistent') {
    return (
      <WarningAlert tone="red" title="The journal changed">
        <Text size="sm">
          The journal we showed you before ({history.previous.size.toLocaleString('en-US')} entries, on{' '}
          {formatDateTime(history.previous.timestamp)}) is not a prefix of today's ({history.reason}): contact{' '}
          {support}. Keep both signed checkpoints: each verifies with the published key, so together they show
          the journal was rewritten.
        </Text>
        <Button
          mt="sm"
          size="xs"
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            downloadText('journal-evidence.txt', evidenceText(history.previous, history.current))
          }
        >
          Download both signed checkpoints
        </Button>
      </WarningAlert>
    );
  }
  if (history.kind === 'unchecked') {
    return (
      <WarningAlert tone="yellow" title="The journal could not be compared">
        <Text size="sm">
          We could not check that today's journal extends the one we showed you before ({history.reason}).
          Reload the page to try again; if this stays, contact {support}.
        </Text>
      </WarningAlert>
    );
  }
  return null;
}

/** The journal warning of this page load's check (see useJournalCheck); nothing while it runs or when all holds. */
export function JournalWarning() {
  const check = useJournalCheck();
  return check.data ? <JournalWarningFor check={check.data} /> : null;
}
