/**
 * The owner's webhooks page (admin-webhooks-page.tsx, docs/integrations.md "Webhooks"): the
 * endpoints with their status; the add dialog that sends the address, events and code, keeps the
 * form on the server's refusal and then shows the signing secret once; Ping; Turn off with a
 * reason; the delivery log with its filter, "Show more" by cursor, Redeliver and its CSV export
 * with the filter shown; a role without
 * `webhooks.manage` is told it may not.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_MSG } from '@common/schemas/webhooks';
import { recorded } from '../../../../test/answers';
import { http, server } from '../../../../test/api';
import { pasteInto, renderScreen } from '../../../../test/render';
import { signInStaff } from '../../../../test/session';
import {
  RIGHT_CODE,
  submitWrongCodeThenRight,
  WRONG_CODE,
  wrongCodeFirst,
} from '../../../../test/wrong-code';
import type { WebhookDelivery, WebhookEndpoint } from '../api';
import { AdminWebhooksPage } from './admin-webhooks-page';

const ENDPOINT: WebhookEndpoint = {
  id: '00000000-0000-4000-8000-0000000000e1',
  url: 'https://crm.example.com/hooks',
  description: 'CRM',
  eventTypes: ['deposit.approved', 'withdrawal.requested'],
  secretHint: 'Xy9=',
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-11-28T10:00:00.000Z',
};
const OFF: WebhookEndpoint = {
  ...ENDPOINT,
  id: '00000000-0000-4000-8000-0000000000e2',
  url: 'https://old.example.com/hooks',
  description: '',
  enabled: false,
  disabledReason: 'Disabled after failing for 3 days',
};
const delivery = (n: number, over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
  endpointId: ENDPOINT.id,
  endpointUrl: ENDPOINT.url,
  eventId: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
  eventType: 'deposit.approved',
  status: 'succeeded',
  attempts: 1,
  lastStatusCode: 200,
  lastDurationMs: 84,
  lastError: null,
  lastAttemptAt: '2026-11-29T09:00:00.000Z',
  nextAttemptAt: null,
  createdAt: '2026-11-29T09:00:00.000Z',
  ...over,
});

function endpoints(rows: () => WebhookEndpoint[]) {
  server.use(http.get('/api/webhooks/endpoints', ({ response }) => response(200).json({ data: rows() })));
}
/** The log: `first` then, for the cursor `next`, `second`; every query recorded in `asked`. */
function deliveries(first: WebhookDelivery[], second: WebhookDelivery[] = [], asked: string[] = []) {
  server.use(
    http.get('/api/webhooks/deliveries', ({ request, response }) => {
      const q = new URL(request.url).searchParams;
      asked.push(q.toString());
      return q.get('cursor') === 'next'
        ? response(200).json({ data: second, nextCursor: null })
        : response(200).json({ data: first, nextCursor: second.length ? 'next' : null });
    }),
  );
}
const rowOf = async (text: string) => (await screen.findAllByText(text))[0]!.closest('tr')!;

beforeEach(() => signInStaff());

describe('the webhooks page', () => {
  it('lists endpoints with their status, and the delivery log with its last answers', async () => {
    endpoints(() => [ENDPOINT, OFF]);
    const asked: string[] = [];
    deliveries(
      [
        delivery(1),
        delivery(2, { status: 'failed', attempts: 20, lastStatusCode: null, lastError: 'ECONNREFUSED' }),
      ],
      [delivery(3, { eventType: 'ping' })],
      asked,
    );
    const { user } = renderScreen(<AdminWebhooksPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    const endpointsTable = screen.getByRole('table', { name: 'Webhook endpoints' });
    const on = (await within(endpointsTable).findByText('https://crm.example.com/hooks')).closest('tr')!;
    expect(within(on).getByText('Enabled')).toBeVisible();
    expect(within(on).getByText('…Xy9=')).toBeVisible();
    expect(within(on).getByRole('button', { name: 'Ping https://crm.example.com/hooks' })).toBeVisible();
    const off = within(endpointsTable).getByText('https://old.example.com/hooks').closest('tr')!;
    expect(within(off).getByText('Disabled after failing for 3 days')).toBeVisible();
    expect(within(off).getByRole('button', { name: 'Turn on' })).toBeVisible();

    const log = screen.getByRole('table', { name: 'Webhook deliveries' });
    expect(await within(log).findByText('HTTP 200 · 84 ms')).toBeVisible();
    expect(within(log).getByText('ECONNREFUSED · 84 ms')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(log).findByText('ping')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Failed' }));
    await waitFor(() => expect(asked.at(-1)).toBe('limit=25&status=failed'));
    expect(asked).toContain('limit=25&cursor=next');
  });

  it('exports the delivery log as CSV with the status shown', async () => {
    endpoints(() => [ENDPOINT]);
    deliveries([delivery(1)]);
    const asked: string[] = [];
    server.use(
      http.get('/api/webhooks/deliveries/export.csv', ({ request }) => {
        asked.push(`csv ${new URL(request.url).searchParams.toString()}`);
        return new Response('Created (UTC)\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const { user } = renderScreen(<AdminWebhooksPage />);
    const log = screen.getByRole('table', { name: 'Webhook deliveries' });
    expect(await within(log).findByText('HTTP 200 · 84 ms')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(asked).toEqual(['csv ']));
    await user.click(screen.getByRole('radio', { name: 'Failed' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(asked).toEqual(['csv ', 'csv status=failed']));
  });

  it("adds an endpoint: the server's refusal keeps the form, then the signing secret shows once", async () => {
    let rows: WebhookEndpoint[] = [];
    endpoints(() => rows);
    deliveries([]);
    const sent: unknown[] = [];
    server.use(
      http.post(
        '/api/webhooks/endpoints',
        recorded(
          sent,
          wrongCodeFirst(({ response }) => {
            rows = [ENDPOINT];
            return response(201).json({
              message: WEBHOOK_MSG.created,
              data: { endpoint: ENDPOINT, secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0Xy9=' },
            });
          }),
        ),
      ),
    );
    const { user } = renderScreen(<AdminWebhooksPage />);
    expect(await screen.findByText(/No endpoint yet/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Choose at least one event')).toBeVisible();
    expect(sent).toEqual([]);

    await pasteInto(user, within(dialog).getByLabelText(/^Endpoint URL/), 'https://crm.example.com/hooks');
    await pasteInto(user, within(dialog).getByLabelText(/^Description/), 'CRM');
    await user.click(within(dialog).getByRole('checkbox', { name: 'All events' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^ledger\.integrity_alarm/ }));
    await submitWrongCodeThenRight(user, dialog, 'Add endpoint');

    const shown = await screen.findByRole('dialog', { name: 'Your endpoint’s signing secret' });
    expect(within(shown).getByTestId('webhook-secret')).toHaveTextContent(/^whsec_c2Vj/);
    const request = {
      url: 'https://crm.example.com/hooks',
      description: 'CRM',
      eventTypes: WEBHOOK_EVENT_TYPES.filter((t) => t !== 'ledger.integrity_alarm'),
    };
    expect(sent).toEqual([
      { ...request, code: WRONG_CODE },
      { ...request, code: RIGHT_CODE },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(/whsec_/)).toBeNull();
  });

  it('pings, turns an endpoint off with a reason, and redelivers from the log', async () => {
    endpoints(() => [ENDPOINT]);
    deliveries([delivery(1, { status: 'failed', lastStatusCode: 500 })]);
    const asked: string[] = [];
    server.use(
      http.post('/api/webhooks/endpoints/{id}/ping', ({ params, response }) => {
        asked.push(`ping ${params.id}`);
        return response(202).json({ message: WEBHOOK_MSG.pingSent });
      }),
      http.patch('/api/webhooks/endpoints/{id}', async ({ params, request, response }) => {
        asked.push(`patch ${params.id} ${JSON.stringify(await request.json())}`);
        return response(200).json({ message: WEBHOOK_MSG.updated, data: { ...ENDPOINT, enabled: false } });
      }),
      http.post('/api/webhooks/deliveries/{id}/redeliver', ({ params, response }) => {
        asked.push(`redeliver ${params.id}`);
        return response(202).json({ message: WEBHOOK_MSG.redelivered });
      }),
    );
    const { user } = renderScreen(<AdminWebhooksPage />);
    await user.click(await screen.findByRole('button', { name: 'Ping https://crm.example.com/hooks' }));
    expect(await screen.findByText(WEBHOOK_MSG.pingSent)).toBeVisible();

    await user.click(within(await rowOf('CRM')).getByRole('button', { name: 'Turn off' }));
    const confirm = await screen.findByRole('dialog', { name: 'Turn off endpoint' });
    await pasteInto(user, within(confirm).getByLabelText(/^Reason/), 'Moving servers');
    await user.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Endpoint turned off')).toBeVisible();

    const log = screen.getByRole('table', { name: 'Webhook deliveries' });
    await user.click(await within(log).findByRole('button', { name: 'Redeliver' }));
    const again = await screen.findByRole('dialog', { name: 'Redeliver event' });
    await user.click(within(again).getByRole('button', { name: 'Redeliver' }));
    expect(await screen.findByText(WEBHOOK_MSG.redelivered)).toBeVisible();
    expect(asked).toEqual([
      `ping ${ENDPOINT.id}`,
      `patch ${ENDPOINT.id} {"enabled":false,"reason":"Moving servers"}`,
      `redeliver ${delivery(1).id}`,
    ]);
  });

  it('tells a role without webhooks.manage that it may not', async () => {
    signInStaff('finance-member', 'finance');
    renderScreen(<AdminWebhooksPage />);
    expect(await screen.findByText(/does not allow/i)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
  });
});
