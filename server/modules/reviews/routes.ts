/**
 * /api/reviews: the admin review queue. The approve / reject routes of each request are with its
 * kind: /deposits/:id/approve|reject, /{c,b}-withdrawals/:id/approve|reject.
 *
 * GET    /reviews/pending           admin      ?page&pageSize(10|20|30|40)&from&to → {data, total}: pending
 *                                               deposits and withdrawals of every client, oldest first
 * GET    /reviews/export.csv        admin      ?from&to → every pending request as CSV, oldest first
 * GET    /reviews/client/:id        admin      → {data: {identity, withdrawals}}: what the client's review
 *                                               pages show beside the requests (404 for an unknown user)
 */
import { idParams } from '@common/schemas/common';
import { clientReviewFactsSchema } from '@common/schemas/review-facts';
import {
  pendingReviewPageSchema,
  pendingReviewsExportQuerySchema,
  pendingReviewsQuerySchema,
} from '@common/schemas/transactions';
import { AppError } from '../../lib/errors';
import type { AppInstance } from '../../app-context';
import { declareCsvExport } from '../../lib/csv-route';
import { declareRoutes } from '../../lib/declare-routes';
import { presentPage } from '../../lib/paging';
import { onClient } from '../../lib/targets';
import { exportPendingReviewsCsv } from './export';
import { presentClientFacts, presentPendingReview } from './presenter';

const tags = ['reviews'];

export async function reviewAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { services } = app.ctx;
  route.get('/pending', {
    summary: 'Answers one page of the pending deposits and withdrawals, oldest first (admin)',
    schema: { response: { 200: pendingReviewPageSchema }, querystring: pendingReviewsQuerySchema },
    config: { permission: 'deposits.review', errorCodes: [] },
    handler: async (req) =>
      presentPage(await services.reviews.listPendingReviews(req.query), presentPendingReview),
  });
  declareCsvExport(app, route, {
    summary:
      'Exports the pending deposits and withdrawals, with the queue filters, as CSV, oldest first (admin)',
    rows: 'One row per pending request, with a header row; amounts in USD, times in UTC, destinations masked',
    permission: 'deposits.review',
    filename: 'pending-reviews.csv',
    querystring: pendingReviewsExportQuerySchema,
    csv: exportPendingReviewsCsv,
  });
  route.get('/client/:id', {
    summary:
      "Answers a client's identity and each of their withdrawals' destination, new or not, for their review pages (admin)",
    schema: { params: idParams, response: { 200: clientReviewFactsSchema } },
    config: { permission: 'deposits.review', target: onClient(), errorCodes: ['user_not_found'] },
    handler: async (req) => {
      const facts = await services.reviews.clientFacts(req.params.id);
      if (!facts) throw new AppError('user_not_found');
      return { data: presentClientFacts(facts) };
    },
  });
}
