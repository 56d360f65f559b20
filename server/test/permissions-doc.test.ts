/**
 * docs/security.md "Staff roles" shows the permission table of common/permissions.ts: one row per
 * permission (its name, what it allows, and yes / — for each staff role, in STAFF_ROLES order).
 * This test keeps the page and the code the same.
 */
import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, STAFF_ROLES, type Permission } from '@common/permissions';
import { documentedRows } from './doc-tables';

describe('docs/security.md staff roles', () => {
  it('lists every permission with what it allows and the roles that have it', () => {
    const expected = [
      ['permission', 'allows', ...STAFF_ROLES],
      ...(Object.entries(PERMISSIONS) as Array<[Permission, string]>).map(([permission, allows]) => [
        `\`${permission}\``,
        allows,
        ...STAFF_ROLES.map((role) => (can(role, permission) ? 'yes' : '—')),
      ]),
    ];
    expect(documentedRows('security.md', 'Staff roles')).toEqual(expected);
  });
});
