import { Text } from '@mantine/core';
import { brand } from '../../../content/brand';
import { useLineFindings } from '../line-seal';
import { WarningAlert } from './warning-alert';
import { JournalWarning } from './journal-warning';

const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;

/**
 * The page-level alert for the lines on screen (docs/transparency.md "What your browser checks"):
 * lines shown differently from their sealed entries (or whose proof fails), and lines posted before
 * the last seal but left out of the journal. Nothing when every line on screen holds.
 */
export function LineCheckAlert() {
  const { differ, overdue } = useLineFindings();
  if (differ === 0 && overdue === 0) return null;
  return (
    <WarningAlert
      tone="red"
      title={
        differ > 0 ? 'This page differs from the sealed journal' : 'Some entries were left out of the journal'
      }
    >
      <Text size="sm">
        Your browser compared every line below with the entry sealed in the journal.
        {differ > 0 &&
          ` ${lines(differ)} ${differ === 1 ? 'does' : 'do'} not match it (marked "Not verified").`}
        {overdue > 0 &&
          ` ${lines(overdue)} ${overdue === 1 ? 'was' : 'were'} posted before the last seal but ${overdue === 1 ? 'is' : 'are'} not in the journal (marked "Not sealed").`}{' '}
        Do not rely on the figures on this page, keep a screenshot, and contact {brand.supportEmail}.
      </Text>
    </WarningAlert>
  );
}

/** Above the history: the journal's warning and the lines' alert (the router adds it to the page). */
export function HistoryNotice() {
  return (
    <>
      <JournalWarning />
      <LineCheckAlert />
    </>
  );
}
