import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditPerson } from '@common/schemas/audit';
import { renderScreen } from '../../../../test/render';
import { ChangeList } from './change-list';

const ada: AuditPerson = {
  _id: '54decda7-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  role: 'owner',
};

describe('ChangeList', () => {
  it('names a person by name and e-mail, a link to their page, never by id', () => {
    renderScreen(
      <ChangeList
        before={{ makerId: ada._id }}
        after={{ makerId: ada._id, status: 'approved' }}
        people={[ada]}
      />,
    );
    const link = screen.getByRole('link', { name: /Ada Admin, Owner \(ada@example\.com\)/ });
    expect(link.getAttribute('href')).toBe('/admin/staff');
    expect(document.body.textContent).not.toContain('54decda7');
  });

  it('says an emptied value is removed, one never set is not set, and a kept one is unchanged', () => {
    renderScreen(
      <ChangeList
        before={{ depositDay: 300, note: null, amount: 75 }}
        after={{ depositDay: null, note: null, voided: true }}
      />,
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('$300.00 → removed');
    expect(text).toContain('not set');
    expect(text).toContain('$75.00 (unchanged)');
    expect(text).not.toMatch(/→\s*—/);
  });
});
