-- The payout reference of an approved withdrawal (docs/product.md "Withdrawals"): the transaction hash
-- or bank reference staff enter on approval, which the client reads in the notice and its e-mail.
ALTER TABLE "withdrawals" ADD COLUMN "payout_reference" text;