-- Plan results can be losses (docs/product.md "Plan results"): a result carries the reason the
-- client reads, and the history shows a `profit` entry by its effect on the client's available
-- balance and, for a loss, on the plan's invested capital.
ALTER TABLE "trading_activities" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE OR REPLACE VIEW transaction_history AS
SELECT d.id, d.user_id, 'deposit'::text AS type, d.status, d.amount, 'credit'::text AS direction,
       d.wallet AS method, ''::text AS details, d.created_at AS date, d.created_at,
       EXISTS (SELECT 1 FROM journal_entries e JOIN journal_entries r ON r.reverses = e.id WHERE e.deposit_id = d.id) AS voided,
       'deposit'::text AS source
  FROM deposits d
UNION ALL
SELECT w.id, w.user_id, 'withdrawal', w.status, w.amount, 'debit', coalesce(w.wallet, 'bank'), '',
       w.created_at, w.created_at, false, 'withdrawal'
  FROM withdrawals w
 WHERE w.deleted_at IS NULL
UNION ALL
SELECT e.id, e.user_id, CASE e.type WHEN 'withdrawal_settle' THEN 'withdrawal' ELSE e.type END, 'approved',
       abs(x.delta), CASE WHEN x.delta < 0 THEN 'debit' ELSE 'credit' END, 'account', e.memo,
       e.effective_at, e.created_at, EXISTS (SELECT 1 FROM journal_entries r WHERE r.reverses = e.id), 'entry'
  FROM journal_entries e
 CROSS JOIN LATERAL (
       SELECT coalesce(sum(l.amount), 0)::bigint AS delta
         FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
        WHERE l.entry_id = e.id AND a.user_id = e.user_id
          AND (a.kind = 'available' OR (e.type = 'profit' AND a.kind = 'invested'))) x
 WHERE e.deposit_id IS NULL AND e.withdrawal_id IS NULL AND x.delta <> 0;
