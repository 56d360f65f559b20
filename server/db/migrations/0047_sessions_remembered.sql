-- A session signed in without "Remember me" ends after SESSION_IDLE_MINUTES without a request as well
-- as at expires_at (docs/security.md "Sessions"); existing sessions count as remembered.
ALTER TABLE "sessions" ADD COLUMN "remembered" boolean DEFAULT true NOT NULL;
