import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** How long the notice stays (seed §4, §9: 25 seconds). */
const NOTICE_MS = 25_000;

/**
 * The banner a listing page shows after a deposit or withdrawal (`?success=true`, seed §4). It
 * closes itself after 25 s, or when dismissed, and then clears the flag from the URL.
 */
export function SuccessNotice({ message }: { message: string }) {
  const [params, setParams] = useSearchParams();
  const shown = params.get('success') === 'true';
  const close = useCallback(
    () =>
      setParams(
        (current) => {
          current.delete('success');
          return current;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(close, NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [shown, close]);

  if (!shown) return null;
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      icon={<IconCircleCheck aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={close}
    >
      {message}
    </Alert>
  );
}
