-- Plan results can be losses (docs/product.md "Plan results"): a result carries the reason the
-- client reads. The history view that shows losses is in migration 0012.
ALTER TABLE "trading_activities" ADD COLUMN "reason" text;