/**
 * The "Export CSV" button of a client's trading activity page (admin-trading-activity-page.tsx):
 * it asks the client's trading activity export with the table's search and saves
 * trading-activity.csv. The journey through the real server is e2e/admin.spec.ts (the transactions
 * page's export).
 */
import { describe, expect, it } from 'vitest';
import { exportClientListAfterSearch } from '../../../../test/csv-exports';
import { AdminTradingActivityPage } from './admin-trading-activity-page';

const CLIENT = '5b8f3c1e-2a4d-4e6f-8a9b-0c1d2e3f4a52';

describe('AdminTradingActivityPage export', () => {
  it("saves the client's trading activity with the table's search", async () => {
    const asked = await exportClientListAfterSearch({
      ui: <AdminTradingActivityPage />,
      route: `/admin/trading-activity/${CLIENT}`,
      path: '/admin/trading-activity/:id',
      list: '/api/trading-activity/admin',
      placeholder: 'Plan or status',
      search: 'copy',
      file: 'trading-activity.csv',
    });
    expect(asked).toEqual([`?userId=${CLIENT}&search=copy`]);
  });
});
