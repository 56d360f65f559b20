import { Button, type ButtonProps } from '@mantine/core';
import { Link } from 'react-router';
import type { ShellLink } from './dashboard-shell';

interface LinkButtonProps extends ButtonProps {
  /** Where it leads, its text and its icon (drawn before the text, hidden from assistive technology). */
  link: ShellLink;
  /** The icon's size in px (16 by default). */
  iconSize?: number;
}

/** An in-app link that looks like a button, with its icon before the text; other props style the button. */
export function LinkButton({ link, iconSize = 16, ...props }: LinkButtonProps) {
  return (
    <Button component={Link} to={link.to} leftSection={<link.icon size={iconSize} aria-hidden />} {...props}>
      {link.label}
    </Button>
  );
}
