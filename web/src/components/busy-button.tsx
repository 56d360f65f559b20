import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

type BusyButtonProps = ButtonProps & ComponentPropsWithoutRef<'button'> & { busy: boolean };

/** A button that is disabled and reads "Loading..." while its request runs. */
export function BusyButton({ busy, disabled, children, ...props }: BusyButtonProps) {
  return (
    <Button disabled={busy || disabled} {...props}>
      {busy ? 'Loading...' : children}
    </Button>
  );
}
