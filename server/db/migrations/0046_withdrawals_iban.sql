-- A bank withdrawal may go to an IBAN (ISO 13616, kept in electronic format) in place of an account
-- number with its routing number (docs/security.md "Withdrawal address book"): exactly one of the
-- two names the account.
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_method_fields";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_method_fields" CHECK (("withdrawals"."method" = 'crypto' and "withdrawals"."wallet" in ('usdt', 'bitcoin', 'ethereum') and "withdrawals"."address" is not null)
        or ("withdrawals"."method" = 'bank' and "withdrawals"."wallet" is null and "withdrawals"."bank_name" is not null and "withdrawals"."account_name" is not null
            and ("withdrawals"."iban" is null) = ("withdrawals"."account_number" is not null and "withdrawals"."routing" is not null)
            and "withdrawals"."swift" is not null));