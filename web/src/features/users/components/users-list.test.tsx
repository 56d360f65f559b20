/**
 * The users list's order (users-list.tsx, docs/integrations.md "Cursor pages"): newest first until
 * another order is chosen; the chosen order goes to the list's request and to its CSV export.
 */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { signInStaff } from '../../../../test/session';
import { UsersList } from './users-list';

beforeEach(() => signInStaff());

describe('the users list', () => {
  it('asks for the chosen order, in the list and in the export', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/user/admin', ({ request, response }) => {
        asked.push(new URL(request.url).searchParams.get('sort') ?? '');
        return response(200).json({ data: [], total: 0 });
      }),
      http.get('/api/user/admin/export.csv', ({ request }) => {
        asked.push(`csv ${new URL(request.url).searchParams.get('sort')}`);
        return new Response('No.\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const { user } = renderScreen(<UsersList />);
    expect(await screen.findByText('No users yet')).toBeVisible();
    expect(asked).toEqual(['newest']);
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    // the list opens with a transition jsdom does not run: its options are read as they are
    await user.click(screen.getByRole('option', { name: 'Name (A–Z)', hidden: true }));
    await waitFor(() => expect(asked.at(-1)).toBe('name'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(asked.at(-1)).toBe('csv name'));
  });
});
