-- When a client accepted the terms, the privacy policy and the risk disclosure at sign-up
-- (docs/product.md "Sign-up (`/signup`)"): the API registers no one without it. Null for staff and
-- for clients who registered before it was asked.
ALTER TABLE "users" ADD COLUMN "terms_accepted_at" timestamp with time zone;