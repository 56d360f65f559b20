/**
 * The server's side of an "Export CSV" button in component tests: `recordCsvExport` answers an
 * export's GET with a one-line CSV and records the query of each call, to read what the button
 * asked for (its list's filters); `clientNotFound` answers the client's header of an admin page;
 * `exportClientListAfterSearch` runs a client's searchable list page through its export.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { http, server } from './api';
import { stubDownloads } from './downloads';
import { renderScreen } from './render';
import { signInStaff } from './session';

/** The queries an export was asked with, in order, and the answer of one call (a CSV). */
export function recordCsvExport(): { asked: string[]; answer: (request: Request) => Response } {
  const asked: string[] = [];
  return {
    asked,
    answer: (request) => {
      asked.push(new URL(request.url).search);
      return new Response('ID\r\n', { headers: { 'content-type': 'text/csv' } });
    },
  };
}

/** A handler for the client's header of an admin page (GET /api/user/admin/:id): a 404, so none shows. */
export function clientNotFound() {
  return http.get('/api/user/admin/{id}', ({ response }) =>
    response.untyped(Response.json({ code: 'not_found', message: 'Not found' }, { status: 404 })),
  );
}

/** The staff's lists of one client whose page has a search field and an "Export CSV" button. */
type ClientList = '/api/transaction/admin' | '/api/trading-activity/admin';

/**
 * Signs a staff owner in and renders `ui` at `route` (`path` its pattern), the list `list` answered
 * empty and its export (`${list}/export.csv`) recorded; types `search` in the field whose
 * placeholder is `placeholder`, waits until the table has asked for it (the search is debounced),
 * clicks "Export CSV" and asserts the file `file` was saved. Answers the queries the export was
 * asked with.
 */
export async function exportClientListAfterSearch(options: {
  ui: ReactElement;
  route: string;
  path: string;
  list: ClientList;
  placeholder: string;
  search: string;
  file: string;
}): Promise<string[]> {
  signInStaff();
  const exported = recordCsvExport();
  const pages: string[] = [];
  server.use(
    clientNotFound(),
    http.get(options.list, ({ request, response }) => {
      pages.push(new URL(request.url).search);
      return response(200).json({ data: [], total: 0 });
    }),
    http.get(`${options.list}/export.csv`, ({ request, response }) =>
      response.untyped(exported.answer(request)),
    ),
  );
  const { saved } = stubDownloads();
  const { user } = renderScreen(options.ui, { route: options.route, path: options.path });
  fireEvent.change(await screen.findByPlaceholderText(options.placeholder), {
    target: { value: options.search },
  });
  // the search is debounced: the export asks for it once the table does
  await waitFor(() => expect(pages.some((q) => q.includes(`search=${options.search}`))).toBe(true));
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(saved).toEqual([options.file]));
  return exported.asked;
}
