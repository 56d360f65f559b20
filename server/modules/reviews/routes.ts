/**
 * /api/reviews: the admin review queue. The approve / reject routes of each request are with its
 * kind: /deposits/:id/approve|reject, /{c,b}-withdrawals/:id/approve|reject.
 *
 * GET    /reviews/pending           admin      ?page&pageSize(10|20|30|40)&from&to → {data, total}: pending
 *                                               deposits and withdrawals of every client, oldest first
 */
import { pendingReviewPageSchema, pendingReviewsQuerySchema } from '@common/schemas/transactions';
import type { AppInstance } from '../../app-context';
import { declareRoutes } from '../../lib/declare-routes';
import { presentPage } from '../../lib/paging';
import { presentPendingReview } from './presenter';

const tags = ['reviews'];

export async function reviewAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { services } = app.ctx;
  route.get('/pending', {
    summary: 'Answers one page of the pending deposits and withdrawals, oldest first (admin)',
    schema: { response: { 200: pendingReviewPageSchema }, querystring: pendingReviewsQuerySchema },
    config: { permission: 'deposits.review' },
    handler: async (req) =>
      presentPage(await services.reviews.listPendingReviews(req.query), presentPendingReview),
  });
}
