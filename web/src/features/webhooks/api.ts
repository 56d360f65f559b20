/**
 * TanStack Query hooks of the owner's webhooks (docs/integrations.md "Webhooks"): the endpoints
 * (GET, POST, PATCH /api/webhooks/endpoints…, ping) and the delivery log in cursor pages
 * (GET /api/webhooks/deliveries, redeliver) and its CSV export, all `webhooks.manage`.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  WebhookDelivery,
  webhookDeliveriesAnswerSchema,
  WebhookEndpoint,
  webhookEndpointCreatedAnswerSchema,
  webhookEndpointCreateSchema,
  WebhookEndpointUpdateInput,
} from '@common/schemas/webhooks';
import type { MessageAnswer } from '../../lib/api-client';
import { api } from '../../lib/api-client';
import { dataQuery, useRefetchingMutation } from '../../lib/queries';
import { saveBlob } from '../../lib/save-blob';

export type { WebhookDelivery, WebhookEndpoint };
/** What the add form sends. */
export type WebhookEndpointForm = z.input<typeof webhookEndpointCreateSchema>;
/** The answer to adding one: the endpoint, and its signing secret (the only time it is sent). */
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedAnswerSchema>;
type DeliveriesPage = z.infer<typeof webhookDeliveriesAnswerSchema>;

const KEY = ['webhooks'];
/** Rows of one page of the delivery log. */
export const DELIVERIES_PAGE = 25;
/** How often the log refreshes while a delivery is still being tried (ms). */
const PENDING_REFRESH_MS = 2_000;

/** GET /webhooks/endpoints: every endpoint, newest first; never a secret. */
export const webhookEndpointsQuery = dataQuery<WebhookEndpoint[]>(
  [...KEY, 'endpoints'],
  '/webhooks/endpoints',
);

/**
 * GET /webhooks/deliveries?status&limit&cursor: the delivery log, newest first, a page at a time
 * (the next from the last page's `nextCursor`); refreshed every 2 s while a delivery on screen is
 * still being tried.
 */
export const webhookDeliveriesQuery = (status: WebhookDelivery['status'] | null) =>
  infiniteQueryOptions({
    queryKey: [...KEY, 'deliveries', status],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api.get<DeliveriesPage>('/webhooks/deliveries', {
        params: {
          limit: DELIVERIES_PAGE,
          ...(status && { status }),
          ...(pageParam && { cursor: pageParam }),
        },
      }),
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.data.some((d) => d.status === 'pending'))
        ? PENDING_REFRESH_MS
        : false,
  });

/** POST /webhooks/endpoints: an endpoint confirmed by an authenticator or backup code; answers its secret once. */
export const useCreateWebhookEndpoint = () =>
  useRefetchingMutation(
    (body: WebhookEndpointForm) => api.post<WebhookEndpointCreated>('/webhooks/endpoints', body),
    KEY,
  );

/** PATCH /webhooks/endpoints/:id: turn it off (with a reason) or on again, or change its events. */
export const useUpdateWebhookEndpoint = () =>
  useRefetchingMutation(
    ({ id, ...body }: WebhookEndpointUpdateInput & { id: string }) =>
      api.patch<MessageAnswer>(`/webhooks/endpoints/${id}`, body),
    KEY,
  );

/** POST /webhooks/endpoints/:id/ping: a signed `ping` to that endpoint alone. */
export const usePingWebhookEndpoint = () =>
  useRefetchingMutation((id: string) => api.post<MessageAnswer>(`/webhooks/endpoints/${id}/ping`), KEY);

/**
 * GET /webhooks/deliveries/export.csv?status with the session's token, saved as
 * webhook-deliveries.csv: every delivery of the log's status filter (all when null), newest first.
 */
export async function downloadDeliveriesCsv(status: WebhookDelivery['status'] | null): Promise<void> {
  const params = status ? { status } : {};
  saveBlob(await api.blob('/webhooks/deliveries/export.csv', { params }), 'webhook-deliveries.csv');
}

/** POST /webhooks/deliveries/:id/redeliver: the same event again, as a new series of tries. */
export const useRedeliverWebhook = () =>
  useRefetchingMutation(
    ({ id }: { id: string }) => api.post<MessageAnswer>(`/webhooks/deliveries/${id}/redeliver`),
    KEY,
  );
