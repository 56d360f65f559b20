import { Badge, type BadgeProps } from '@mantine/core';
import { staffRoleLabel } from '../lib/staff-roles';

interface RoleBadgeProps extends Omit<BadgeProps, 'children'> {
  /** The user's role; nothing is drawn for a client. */
  role: string | null | undefined;
}

/** A staff member's role as a badge ("Finance"); nothing for a client. */
export function RoleBadge({ role, ...props }: RoleBadgeProps) {
  const label = staffRoleLabel(role);
  if (!label) return null;
  return (
    <Badge variant="light" {...props}>
      {label}
    </Badge>
  );
}
