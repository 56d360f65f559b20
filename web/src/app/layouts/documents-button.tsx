import { Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { forwardRef, type MouseEventHandler } from 'react';

/** The Documents menu button; also stands in for the dropdown while its code loads. */
export const DocumentsButton = forwardRef<
  HTMLButtonElement,
  ButtonProps & { onClick?: MouseEventHandler<HTMLButtonElement> }
>((props, ref) => (
  <Button
    ref={ref}
    variant="subtle"
    color="dark"
    fw={500}
    px="sm"
    rightSection={<IconChevronDown size={16} aria-hidden />}
    {...props}
  >
    Documents
  </Button>
));
DocumentsButton.displayName = 'DocumentsButton';
