/**
 * docs/security.md "Staff roles" shows the permission table of common/permissions.ts: one row per
 * permission (its name, what it allows, and yes / — for each staff role, in STAFF_ROLES order).
 * This test keeps the page and the code the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, STAFF_ROLES, type Permission } from '@common/permissions';

/** The cells of each table row in the "## Staff roles" section of docs/security.md. */
function documentedRows(): string[][] {
  const page = readFileSync(join(import.meta.dirname, '../../docs/security.md'), 'utf8');
  const section = page.split(/^## /m).find((part) => part.startsWith('Staff roles'));
  if (!section) throw new Error('docs/security.md has no "## Staff roles" section');
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

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
    expect(documentedRows()).toEqual(expected);
  });
});
