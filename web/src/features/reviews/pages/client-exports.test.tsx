/**
 * The "Export CSV" button of a client's deposits, crypto and bank withdrawals pages
 * (components/client-requests-page.tsx): it asks the kind's export for the client of the page and
 * saves the file under the export's name. The journey through the real server is e2e/admin.spec.ts
 * (the transactions page's export).
 */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { http, server } from '../../../../test/api';
import { clientNotFound, recordCsvExport } from '../../../../test/csv-exports';
import { stubDownloads } from '../../../../test/downloads';
import { renderScreen } from '../../../../test/render';
import { signInStaff } from '../../../../test/session';
import {
  ClientBankWithdrawalsPage,
  ClientCryptoWithdrawalsPage,
  ClientDepositsPage,
} from './admin-deposits-withdrawals-pages';

const CLIENT = '5b8f3c1e-2a4d-4e6f-8a9b-0c1d2e3f4a52';
const deposits = recordCsvExport();
const crypto = recordCsvExport();
const bank = recordCsvExport();

beforeEach(() => {
  signInStaff();
  for (const e of [deposits, crypto, bank]) e.asked.length = 0;
  server.use(
    clientNotFound(),
    http.get('/api/reviews/client/{id}', ({ response }) =>
      response(200).json({ data: { identity: { status: 'verified', level: 'address' }, withdrawals: [] } }),
    ),
    http.get('/api/deposits', ({ response }) => response(200).json({ data: [] })),
    http.get('/api/c-withdrawals', ({ response }) => response(200).json({ data: [] })),
    http.get('/api/b-withdrawals', ({ response }) => response(200).json({ data: [] })),
    http.get('/api/deposits/export.csv', ({ request, response }) =>
      response.untyped(deposits.answer(request)),
    ),
    http.get('/api/c-withdrawals/export.csv', ({ request, response }) =>
      response.untyped(crypto.answer(request)),
    ),
    http.get('/api/b-withdrawals/export.csv', ({ request, response }) =>
      response.untyped(bank.answer(request)),
    ),
  );
});

describe("the exports of a client's requests", () => {
  it.each([
    ['deposits', <ClientDepositsPage key="d" />, deposits],
    ['crypto-withdrawals', <ClientCryptoWithdrawalsPage key="c" />, crypto],
    ['bank-withdrawals', <ClientBankWithdrawalsPage key="b" />, bank],
  ])('saves the %s of the client of the page', async (page, ui, recorded) => {
    const { saved } = stubDownloads();
    const { user } = renderScreen(ui, { route: `/admin/${page}/${CLIENT}`, path: `/admin/${page}/:id` });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual([`${page}.csv`]));
    expect(recorded.asked).toEqual([`?userId=${CLIENT}`]);
  });
});
