import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AuditPerson } from '@common/schemas/audit';
import { paths } from '../../../config/paths';
import { staffRoleLabel } from '../../../lib/staff-roles';
import { ReadableText } from './readable-text';

/**
 * A person of the audit log by name and e-mail ("Ada Admin (admin@demo.test)"), a link to their page:
 * a client's page for a client, the staff page for a staff member (whose role follows the name);
 * plain text for the command line, which has no page.
 */
export function PersonLink({ person }: { person: AuditPerson }) {
  const role = staffRoleLabel(person.role);
  const text = `${person.firstName} ${person.lastName}${role ? `, ${role}` : ''} (${person.email})`;
  if (!person._id) {
    return (
      <Text span size="sm">
        {person.firstName} {person.lastName}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={role ? paths.admin.staff : paths.admin.user(person._id)} size="sm">
      <ReadableText text={text} />
    </Anchor>
  );
}
