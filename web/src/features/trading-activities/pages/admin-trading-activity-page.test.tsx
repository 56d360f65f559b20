/**
 * The "Export CSV" button of a client's trading activity page (admin-trading-activity-page.tsx):
 * it asks the client's trading activity export with the table's search and saves
 * trading-activity.csv. The journey through the real server is e2e/admin.spec.ts (the transactions
 * page's export).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, server } from '../../../../test/api';
import { recordCsvExport } from '../../../../test/csv-exports';
import { stubDownloads } from '../../../../test/downloads';
import { renderScreen } from '../../../../test/render';
import { signInStaff } from '../../../../test/session';
import { AdminTradingActivityPage } from './admin-trading-activity-page';

const CLIENT = '5b8f3c1e-2a4d-4e6f-8a9b-0c1d2e3f4a52';

describe('AdminTradingActivityPage export', () => {
  it("saves the client's trading activity with the table's search", async () => {
    signInStaff();
    const exported = recordCsvExport();
    const pages: string[] = [];
    server.use(
      http.get('/api/user/admin/{id}', ({ response }) =>
        response.untyped(Response.json({ code: 'not_found', message: 'Not found' }, { status: 404 })),
      ),
      http.get('/api/trading-activity/admin', ({ request, response }) => {
        pages.push(new URL(request.url).search);
        return response(200).json({ data: [], total: 0 });
      }),
      http.get('/api/trading-activity/admin/export.csv', ({ request, response }) =>
        response.untyped(exported.answer(request)),
      ),
    );
    const { saved } = stubDownloads();
    const { user } = renderScreen(<AdminTradingActivityPage />, {
      route: `/admin/trading-activity/${CLIENT}`,
      path: '/admin/trading-activity/:id',
    });
    fireEvent.change(await screen.findByPlaceholderText('Plan or status'), { target: { value: 'copy' } });
    await waitFor(() => expect(pages.some((q) => q.includes('search=copy'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['trading-activity.csv']));
    expect(exported.asked).toEqual([`?userId=${CLIENT}&search=copy`]);
  });
});
