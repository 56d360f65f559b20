/**
 * docs/security.md "Separation of duties" shows who may do what to whom: one row per role (clients,
 * then STAFF_ROLES), one column per kind of person acted on (themselves, a client, another staff
 * member), each cell the permissions of the routes declaring that target kind (server/lib/targets.ts)
 * that the role has, in the order of common/permissions.ts. The cells are computed from the app's
 * route table and the permission table, so the page and the code stay the same.
 */
import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, STAFF_ROLES, type Permission } from '@common/permissions';
import { TARGET_KINDS, type TargetKind } from '../lib/targets';
import { useBareTestContext } from './context';
import { documentedRows } from './doc-tables';

const t = useBareTestContext();

describe('docs/security.md separation of duties', () => {
  it('says what each role may do to itself, to a client and to another staff member', () => {
    const byKind = new Map<TargetKind, Set<Permission>>(TARGET_KINDS.map((k) => [k, new Set()]));
    for (const route of t.app.routeTable) {
      const rule = route.target;
      if (rule && rule !== 'none' && route.permission) byKind.get(rule.kind)!.add(route.permission);
    }
    const cell = (role: string, kind: TargetKind) => {
      const allowed = (Object.keys(PERMISSIONS) as Permission[]).filter(
        (p) => byKind.get(kind)!.has(p) && can(role, p),
      );
      return allowed.length > 0 ? allowed.map((p) => `\`${p}\``).join(', ') : '—';
    };
    const expected = [
      ['actor', 'themselves', 'a client', 'another staff member'],
      ['client', 'their own account, money and requests', '—', '—'],
      ...STAFF_ROLES.map((role) => [role, '—', cell(role, 'client'), cell(role, 'staff')]),
    ];
    expect(
      documentedRows('security.md', 'Separation of duties'),
      expected.map((row) => `| ${row.join(' | ')} |`).join('\n'),
    ).toEqual(expected);
  });
});
