/**
 * /api/reviews: the admin review queue. The approve / reject routes of each request are with its
 * kind: /deposits/:id/approve|reject, /{c,b}-withdrawals/:id/approve|reject.
 *
 * GET    /reviews/pending           admin      ?page&pageSize(10|20|30|40)&from&to → {data, total}: pending
 *                                               deposits and withdrawals of every client, oldest first
 */
import { pendingReviewPageSchema, pendingReviewsQuerySchema } from '@common/schemas/transactions';
import type { AppInstance } from '../../app-context';
import { routeSchema } from '../../lib/route-schemas';
import { presentPendingReview } from './presenter';

const tags = ['reviews'];

export async function reviewAdminRoutes(app: AppInstance) {
  const { services } = app.ctx;
  app.get(
    '/pending',
    {
      schema: routeSchema(
        tags,
        'Answers one page of the pending deposits and withdrawals, oldest first (admin)',
        { 200: pendingReviewPageSchema },
        { querystring: pendingReviewsQuerySchema },
      ),
      config: { permission: 'deposits.review' },
    },
    async (req) => {
      const { rows, total } = await services.reviews.listPendingReviews(req.query);
      return { data: rows.map(presentPendingReview), total };
    },
  );
}
