/**
 * The back office's notifications page of one client (admin-notifications-page.tsx): the client's
 * notifications listed, and "Export CSV" asking for that client's file.
 */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { signInStaff } from '../../../../test/session';
import { AdminNotificationsPage } from './admin-notifications-page';

const CLIENT = '00000000-0000-4000-8000-0000000000c1';

beforeEach(() => signInStaff('staff', 'support'));

describe("a client's notifications page", () => {
  it("lists the client's notifications and exports them as CSV", async () => {
    const asked: string[] = [];
    server.use(
      // the client's name is not this test's subject: the title then shows without it
      http.get('/api/user/admin/{id}', ({ response }) =>
        response(404).json({ code: 'user_not_found', message: 'User not found' }),
      ),
      http.get('/api/notifications', ({ request, response }) => {
        asked.push(`list ${new URL(request.url).searchParams.get('userId')}`);
        return response(200).json({
          data: [
            {
              _id: '00000000-0000-4000-8000-0000000000a1',
              userId: CLIENT,
              title: 'Deposit approved',
              message: 'Your deposit is in',
              createdAt: '2026-11-29T09:00:00.000Z',
              readAt: null,
            },
          ],
        });
      }),
      http.get('/api/notifications/export.csv', ({ request }) => {
        asked.push(`csv ${new URL(request.url).searchParams.get('userId')}`);
        return new Response('Sent (UTC)\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const { user } = renderScreen(<AdminNotificationsPage />, {
      route: `/admin/notifications/${CLIENT}`,
      path: '/admin/notifications/:id',
    });
    expect(await screen.findByText('Deposit approved')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(asked).toEqual([`list ${CLIENT}`, `csv ${CLIENT}`]));
  });
});
