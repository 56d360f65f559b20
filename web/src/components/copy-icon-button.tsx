import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface CopyIconButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** Tooltip before copying ("Copy key"); it reads "Copied" for 2 seconds after. */
  tooltip: string;
  /** The button's accessible name before copying ("Copy referral link"). */
  label: string;
  /** Its accessible name for 2 seconds after copying ("Referral link copied"). */
  copiedLabel: string;
  /** Runs after each copy (e.g. a toast). */
  onCopied?: () => void;
}

/** A small copy icon with a tooltip; it turns into a teal check for 2 seconds after copying. */
export function CopyIconButton({ value, tooltip, label, copiedLabel, onCopied }: CopyIconButtonProps) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : tooltip} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            aria-label={copied ? copiedLabel : label}
            onClick={() => {
              copy();
              onCopied?.();
            }}
          >
            {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
