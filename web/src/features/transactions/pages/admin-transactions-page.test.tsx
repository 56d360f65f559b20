/**
 * The "Export CSV" button of a client's transactions page (admin-transactions-page.tsx): it asks
 * the client's history export with the table's filters, once the table shows them, and saves
 * transactions.csv. The journey through the real server is e2e/admin.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { exportClientListAfterSearch } from '../../../../test/csv-exports';
import { AdminTransactionsPage } from './admin-transactions-page';

const CLIENT = '5b8f3c1e-2a4d-4e6f-8a9b-0c1d2e3f4a52';

describe('AdminTransactionsPage export', () => {
  it("saves the client's history with the table's search", async () => {
    const asked = await exportClientListAfterSearch({
      ui: <AdminTransactionsPage />,
      route: `/admin/transactions/${CLIENT}`,
      path: '/admin/transactions/:id',
      list: '/api/transaction/admin',
      placeholder: 'Type, method, details or status',
      search: 'bonus',
      file: 'transactions.csv',
    });
    expect(asked).toEqual([`?search=bonus&userId=${CLIENT}`]);
  });
});
