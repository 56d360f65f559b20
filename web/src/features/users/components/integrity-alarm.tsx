import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format';
import { adminOverviewQuery } from '../api';

/**
 * The dashboard's alarm: a red alert while the latest ledger integrity check failed, naming what it
 * found first (docs/transparency.md "Integrity checks"). Nothing while it passed or before the first.
 */
export function IntegrityAlarm() {
  const { data } = useQuery(adminOverviewQuery());
  const check = data?.integrity;
  if (!check || check.ok) return null;
  return (
    <Alert
      color="red"
      variant="filled"
      role="alert"
      icon={<IconAlertTriangle aria-hidden />}
      title="Ledger integrity check failed"
    >
      The check of {formatDateTime(check.checkedAt)} found: {check.firstDivergence}. Run “npm run
      ledger:verify” on the server and compare with the database backups before any money moves.
    </Alert>
  );
}
