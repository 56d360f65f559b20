import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { adminPageNeeds, canAny } from './admin-access';

describe('adminPageNeeds', () => {
  it('reads the Add Transaction page as the ledger page it is, not as a client’s transactions', () => {
    expect(adminPageNeeds(paths.admin.addTransaction)).toBe('ledger.adjust');
    expect(adminPageNeeds(`${paths.admin.addTransaction}?userId=x&name=A`)).toBe('ledger.adjust');
    expect(canAny('support', adminPageNeeds(paths.admin.addTransaction))).toBe(false);
    expect(canAny('finance', adminPageNeeds(paths.admin.addTransaction))).toBe(true);
    // a client's own transactions stay open to support
    expect(adminPageNeeds(paths.admin.transactions('3f1c2a9e-0000-4000-8000-000000000000'))).toBe(
      'clients.read',
    );
  });
});
