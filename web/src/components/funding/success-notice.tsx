import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** How long the notice stays (25 seconds). */
const NOTICE_MS = 25_000;

interface SuccessNoticeProps {
  message: string;
  /** The flag in the URL that shows it: `?success=true` by default, `?payment=insufficient` after a trade. */
  flag?: { name: string; value: string };
  /** A warning (orange) instead of a success (green). */
  warning?: boolean;
}

/**
 * The banner a listing page shows after a deposit or withdrawal (`?success=true`), or when a trade
 * needs more funds (`?payment=insufficient`). It closes itself after 25 s, or when
 * dismissed, and then clears the flag from the URL.
 */
export function SuccessNotice({
  message,
  flag = { name: 'success', value: 'true' },
  warning,
}: SuccessNoticeProps) {
  const [params, setParams] = useSearchParams();
  const shown = params.get(flag.name) === flag.value;
  const close = useCallback(
    () =>
      setParams(
        (current) => {
          current.delete(flag.name);
          return current;
        },
        { replace: true },
      ),
    [setParams, flag.name],
  );

  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(close, NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [shown, close]);

  if (!shown) return null;
  return (
    <Alert
      color={warning ? 'orange' : 'green'}
      variant="light"
      role="status"
      icon={warning ? <IconAlertTriangle aria-hidden /> : <IconCircleCheck aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={close}
    >
      {message}
    </Alert>
  );
}
