/**
 * The "Export CSV" button of a client's transactions page (admin-transactions-page.tsx): it asks
 * the client's history export with the table's filters, once the table shows them, and saves
 * transactions.csv. The journey through the real server is e2e/admin.spec.ts.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, server } from '../../../../test/api';
import { recordCsvExport } from '../../../../test/csv-exports';
import { stubDownloads } from '../../../../test/downloads';
import { renderScreen } from '../../../../test/render';
import { signInStaff } from '../../../../test/session';
import { AdminTransactionsPage } from './admin-transactions-page';

const CLIENT = '5b8f3c1e-2a4d-4e6f-8a9b-0c1d2e3f4a52';

describe('AdminTransactionsPage export', () => {
  it("saves the client's history with the table's search", async () => {
    signInStaff();
    const exported = recordCsvExport();
    const pages: string[] = [];
    server.use(
      http.get('/api/user/admin/{id}', ({ response }) =>
        response.untyped(Response.json({ code: 'not_found', message: 'Not found' }, { status: 404 })),
      ),
      http.get('/api/transaction/admin', ({ request, response }) => {
        pages.push(new URL(request.url).search);
        return response(200).json({ data: [], total: 0 });
      }),
      http.get('/api/transaction/admin/export.csv', ({ request, response }) =>
        response.untyped(exported.answer(request)),
      ),
    );
    const { saved } = stubDownloads();
    const { user } = renderScreen(<AdminTransactionsPage />, {
      route: `/admin/transactions/${CLIENT}`,
      path: '/admin/transactions/:id',
    });
    fireEvent.change(await screen.findByPlaceholderText('Type, method, details or status'), {
      target: { value: 'bonus' },
    });
    // the search is debounced: the export asks for it once the table does
    await waitFor(() => expect(pages.some((q) => q.includes('search=bonus'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['transactions.csv']));
    expect(exported.asked).toEqual([`?search=bonus&userId=${CLIENT}`]);
  });
});
