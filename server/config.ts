/**
 * Configuration from the environment, validated with zod at start-up.
 * Every setting has a safe laptop default; `.env.example` documents each one.
 */
import path from 'node:path';
import { z } from 'zod';
import { DEMO_BRAND } from '@common/brand';
import { declaredReservesSchema, RESERVES_MSG, type DeclaredReserve } from '@common/schemas/reserves';
import type { KeyHistoryEntry } from '@common/transparency/key-history';
import {
  COSIGNATURE_ED25519,
  isKeyName,
  parseVerifierKey,
  type VerifierKey,
} from '@common/transparency/signed-note';
import { CONTEXT_FAMILY } from '@common/transparency/signing-contexts';
import { parseTwoFactorKeys, type TwoFactorKey } from './modules/auth/two-factor-keys';
import { signingSeedHex } from './modules/transparency/key-file';
import { networkListSchema, type Network } from './lib/networks';
import { readKeyHistory, readOrCreateSecret } from './config-files';
import {
  BENEFICIARY_DELAY_HOURS_DEFAULT,
  MAIL_RETENTION_DAYS_DEFAULT,
  MONEY_DEFAULTS,
  SECURITY_HOLD_HOURS_DEFAULT,
  SESSION_IDLE_MINUTES_DEFAULT,
  type MoneyConfig,
} from './config-defaults';

/** The defaults, for those who import them from here. */
export * from './config-defaults';

/** Every setting of the environment (its name, its check and its default), as `loadConfig` reads them. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  /** Connections each API process keeps to PostgreSQL at most (docs/operations.md "The database pool"). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** Longest a statement may run before PostgreSQL cancels it (ms); 0 = no limit. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * Bearer token that GET /api/metrics asks for (Prometheus text); without it the route answers 404.
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z.string().optional(),
  /**
   * Whether this process runs the mail worker that sends the outbox (docs/operations.md "Mail"):
   * `false`/`0` → it only stores mail, and another process with the worker on sends it. Default on.
   */
  MAIL_WORKER: z.enum(['true', 'false', '1', '0'], { error: 'true, false, 1 or 0' }).default('true'),
  /** The e-mails' sender; keep it on the support address's domain (docs/operations.md "Mail"). */
  MAIL_FROM: z.string().default(`${DEMO_BRAND.name} <no-reply@${DEMO_BRAND.supportEmail.split('@')[1]}>`),
  /** The brand in e-mails (name, the Reply-To support address, the risk warning on money e-mails). */
  BRAND_NAME: z.string().trim().min(1).default(DEMO_BRAND.name),
  SUPPORT_EMAIL: z.email().default(DEMO_BRAND.supportEmail),
  RISK_WARNING: z.string().trim().min(1).default(DEMO_BRAND.riskWarning),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  /**
   * The SESSION_SECRET before a rotation, still accepted while it is set (docs/operations.md "Keys
   * and their rotation"): XSRF tokens, withdrawal codes and the two-factor key derived from it.
   */
  SESSION_SECRET_PREVIOUS: z
    .string()
    .min(32, 'SESSION_SECRET_PREVIOUS must be at least 32 characters')
    .optional(),
  /**
   * Minutes a session signed in without "Remember me" lives without a request (docs/security.md
   * "Sessions"): the next request after them is refused 401. Default 30.
   */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int('SESSION_IDLE_MINUTES must be a whole number of minutes')
    .min(1, 'SESSION_IDLE_MINUTES must be 1 to 1440 minutes')
    .max(1440, 'SESSION_IDLE_MINUTES must be 1 to 1440 minutes')
    .default(SESSION_IDLE_MINUTES_DEFAULT),
  /**
   * The two-factor key set (modules/auth/two-factor-keys.ts): `<version>:<secret>` pairs, newest
   * first, separated by commas; absent → a key derived from SESSION_SECRET (version 0).
   */
  TWO_FACTOR_KEYS: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const keys = parseTwoFactorKeys(value);
      if (typeof keys === 'string') {
        ctx.addIssue({ code: 'custom', message: keys });
        return z.NEVER;
      }
      return keys;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /**
   * Reverse proxies whose X-Forwarded-For is believed (client IP for rate limits and logs): a
   * comma-separated list of addresses or CIDR ranges, or `loopback`; `false` believes none.
   * Default `loopback` in production (the proxy on the same host, docs/deployment.md), else false.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^[\w.:/, -]+$/, 'a comma-separated list of addresses, CIDR ranges or "loopback"')
    .optional(),
  /** Set to "false" to turn off per-route rate limits (never in production). */
  RATE_LIMIT: z.enum(['true', 'false']).default('true'),
  /** Folder of the built web app (default dist/web); the e2e server points it at its own build. */
  WEB_DIR: z.string().min(1).optional(),
  /** Addresses clients pay deposits to (fixed, one per coin). The defaults are deliberately invalid demo strings. */
  DEPOSIT_WALLET_BITCOIN: z.string().trim().min(20).max(128).default(MONEY_DEFAULTS.depositWallets.bitcoin),
  DEPOSIT_WALLET_ETHEREUM: z.string().trim().min(20).max(128).default(MONEY_DEFAULTS.depositWallets.ethereum),
  /** How often each API process completes plans whose end date has passed (ms); 0 turns the sweep off. */
  PLAN_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /**
   * Hours a confirmed withdrawal destination waits before it can be used (docs/security.md
   * "Withdrawal address book"): the client is told and can cancel it meanwhile. Default 24.
   */
  BENEFICIARY_DELAY_HOURS: z.coerce.number().int().min(0).max(720).default(BENEFICIARY_DELAY_HOURS_DEFAULT),
  /**
   * Whether withdrawals go only to an active destination of the client's address book
   * (docs/security.md "Withdrawal address book"). On unless set to `false`, everywhere: the demo's
   * clients and the tests withdraw to destinations saved in their books.
   */
  BENEFICIARY_REQUIRED: z.enum(['true', 'false']).optional(),
  /**
   * Hours a client's withdrawals wait after a password reset or change, two-factor authentication
   * turned off or reset, an e-mail change or a first sign-in from a new device and network
   * (docs/security.md "Holds after security changes"). Default 24.
   */
  SECURITY_HOLD_HOURS: z.coerce.number().int().min(0).max(720).default(SECURITY_HOLD_HOURS_DEFAULT),
  /** How often each API process marks destinations whose waiting period ended active, telling their clients (ms); 0 turns it off. */
  BENEFICIARY_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /**
   * Whether staff must sign in with two-factor authentication (docs/security.md): `required` makes
   * every admin route answer 403 until the staff member enables it. Default `required` in production,
   * `optional` elsewhere so the demo stays quick.
   */
  STAFF_TWO_FACTOR: z.enum(['required', 'optional']).optional(),
  /**
   * The networks staff may use the back office from (docs/security.md "Staff networks"): a
   * comma-separated list of CIDR ranges or addresses (lib/networks.ts); empty = any network.
   */
  STAFF_ALLOWED_NETWORKS: networkListSchema,
  /**
   * Four-eyes approval (docs/security.md): a money action of this many USD or more, or a raise of one
   * verification cap by as much, waits for a second staff member; 0 = every one. Default 1000.
   */
  FOUR_EYES_THRESHOLD_USD: z.coerce.number().min(0).max(1_000_000_000).default(1000),
  /** How often each API process deletes expired codes, sessions and old idempotency keys (ms); 0 = never. */
  HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  /**
   * Days a sent mail keeps its body (codes, links) before housekeeping blanks it, keeping the
   * metadata (docs/operations.md "Mail retention"). Default 30.
   */
  MAIL_RETENTION_DAYS: z.coerce
    .number()
    .int('MAIL_RETENTION_DAYS must be a whole number of days')
    .min(1, 'MAIL_RETENTION_DAYS must be 1 to 3650 days')
    .max(3650, 'MAIL_RETENTION_DAYS must be 1 to 3650 days')
    .default(MAIL_RETENTION_DAYS_DEFAULT),
  /**
   * The Ed25519 private key (32-byte seed, 64 hex characters or base64) that signs the transparency
   * log's tree heads and the statements (docs/transparency.md); absent → generated once into
   * `DATA_DIR/transparency-signing-key`.
   */
  TRANSPARENCY_SIGNING_KEY: z
    .string()
    .trim()
    .refine((v) => signingSeedHex(v) !== null, 'a 32-byte Ed25519 seed: 64 hex characters or base64')
    .optional(),
  /**
   * Reserve wallets the operator declares, published on /transparency as declared, not verified:
   * a JSON list of { asset, address, amount, asOf? } (common/schemas/reserves.ts); absent → none.
   */
  TRANSPARENCY_RESERVES: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return [];
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: RESERVES_MSG.invalidSetting });
        return z.NEVER;
      }
    })
    .pipe(declaredReservesSchema),
  /**
   * The log's origin, the first line of its checkpoints and its key name (C2SP tlog-checkpoint):
   * no spaces or plus signs, not starting with `%` or `broker-transparency-` (those start our other
   * signed messages: common/transparency/signing-contexts.ts). Absent → PUBLIC_URL's host + `/journal`.
   */
  TRANSPARENCY_LOG_ORIGIN: z
    .string()
    .trim()
    .refine(
      (v) => isKeyName(v) && !v.startsWith('%') && !v.startsWith(CONTEXT_FAMILY),
      `no spaces or plus signs, not starting with % or ${CONTEXT_FAMILY}`,
    )
    .optional(),
  /**
   * A JSON file with the signing key's history (common/transparency/key-history.ts), oldest first,
   * the current key last; absent → the current key alone.
   */
  TRANSPARENCY_KEY_HISTORY: z.string().trim().min(1).optional(),
  /**
   * The witnesses whose cosignatures the log accepts (POST /api/transparency/cosignatures) and the
   * web build requires: C2SP verifier keys (`name+keyid+base64`, type 0x04), separated by commas or
   * spaces; absent → none.
   */
  TRANSPARENCY_WITNESSES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const keys = (value ?? '')
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((text) => parseVerifierKey(text));
      if (keys.some((k) => k === null || k.type !== COSIGNATURE_ED25519)) {
        ctx.addIssue({ code: 'custom', message: 'C2SP verifier keys of Ed25519 cosigners (type 0x04)' });
        return z.NEVER;
      }
      return keys as VerifierKey[];
    }),
  /** How often the journal's new entries are sealed into the transparency log (ms); 0 = never. */
  TRANSPARENCY_SEAL_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** How often a proof-of-liabilities snapshot is taken (ms); 0 = never (staff may still take one). Default daily. */
  LIABILITIES_SNAPSHOT_INTERVAL_MS: z.coerce.number().int().min(0).max(604_800_000).default(86_400_000),
  /** How often the ledger's integrity check runs (ms); 0 = never (`npm run ledger:verify` still works). Default hourly. */
  INTEGRITY_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).max(604_800_000).default(3_600_000),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Origin the site is reached at, without a trailing slash (links in e-mails, referral links). */
  publicUrl: string;
  /** PostgreSQL URL; undefined → embedded PGlite in `dataDir/pglite` (or in memory when dataDir is null). */
  databaseUrl?: string;
  /** PostgreSQL pool size per process, and the statement timeout (ms, 0 = none). */
  databasePool?: { size: number; statementTimeoutMs: number };
  /** The bearer token of GET /api/metrics; undefined → the route is off (404). */
  metricsToken?: string;
  /** Folder for the embedded database, the generated session secret and uploaded files; null = in memory (tests). */
  dataDir: string | null;
  smtpUrl?: string;
  /**
   * Whether this process sends the mail outbox (lib/mail.ts `worker`); false → it stores mail in the
   * same transactions as ever and another process sends it. undefined → true.
   */
  mailWorker?: boolean;
  mailFrom: string;
  /** The brand e-mails carry (lib/mail-templates.ts); the site link is `publicUrl`. */
  brand: { name: string; supportEmail: string; riskWarning: string };
  sessionSecret: string;
  /** Minutes a session without "Remember me" lives idle (SESSION_IDLE_MINUTES); undefined → SESSION_IDLE_MINUTES_DEFAULT. */
  sessionIdleMinutes?: number;
  /** SESSION_SECRET_PREVIOUS: the secret before a rotation, still accepted; undefined → none. */
  sessionSecretPrevious?: string;
  /** The two-factor key set, newest first (TWO_FACTOR_KEYS); undefined → version 0 derived from sessionSecret. */
  twoFactorKeys?: TwoFactorKey[];
  logLevel: string;
  rateLimit: boolean;
  /** Fastify `trustProxy`: the proxies whose X-Forwarded-For sets the client IP, or false. */
  trustProxy: string | false;
  money: MoneyConfig;
  /** Folder of the built web app; undefined → dist/web next to server/. */
  webDir?: string;
  /** Interval of the sweep that completes due plans (ms); undefined or 0 → no sweep (tests). */
  planSweepIntervalMs?: number;
  /** Interval of housekeeping (modules/housekeeping; ms); undefined or 0 → none (tests). */
  housekeepingIntervalMs?: number;
  /** Hours a confirmed destination waits (BENEFICIARY_DELAY_HOURS); undefined → BENEFICIARY_DELAY_HOURS_DEFAULT. */
  /** Withdrawals only to an active address-book destination (BENEFICIARY_REQUIRED); undefined → yes. */
  beneficiaryRequired?: boolean;
  beneficiaryDelayHours?: number;
  /** Interval of the sweep that activates destinations whose wait ended (ms); undefined or 0 → none (tests). */
  beneficiarySweepIntervalMs?: number;
  /** Hours withdrawals wait after a security change (SECURITY_HOLD_HOURS); undefined → SECURITY_HOLD_HOURS_DEFAULT. */
  securityHoldHours?: number;
  /** Days a sent mail keeps its body (MAIL_RETENTION_DAYS); undefined → MAIL_RETENTION_DAYS_DEFAULT. */
  mailRetentionDays?: number;
  /** `required`: staff without two-factor authentication get 403 on every admin route. */
  staffTwoFactor: 'required' | 'optional';
  /** Networks staff may use the back office from (STAFF_ALLOWED_NETWORKS); undefined or empty = any. */
  staffAllowedNetworks?: Network[];
  /** Four-eyes threshold (cents): a money action of at least this waits for a second staff member; 0n = all. */
  fourEyesThreshold: bigint;
  /** How the mail outbox retries (lib/mail.ts); undefined → MAIL_RETRY_DEFAULTS (tests shorten it). */
  mailRetry?: { retryBaseMs: number; maxAttempts: number };
  /** How webhook deliveries are retried (modules/webhooks/worker.ts); undefined → its defaults. */
  webhookRetry?: { retryBaseMs: number; maxAttempts: number };
  /**
   * The transparency signing key's seed (64 hex characters); undefined → the key kept in
   * `dataDir/transparency-signing-key`, or one in memory when dataDir is null
   * (modules/transparency/signing-key.ts).
   */
  transparencySigningKey?: string;
  /** Reserves the operator declares (GET /api/transparency/reserves); undefined → none. */
  transparencyReserves?: DeclaredReserve[];
  /** The log's origin (its checkpoints' first line and key name); undefined → publicUrl's host + `/journal`. */
  transparencyOrigin?: string;
  /** The signing key's history, oldest first (common/transparency/key-history.ts); undefined → the current key alone. */
  transparencyKeyHistory?: KeyHistoryEntry[];
  /** The witnesses whose cosignatures the log accepts; undefined or empty → none. */
  transparencyWitnesses?: VerifierKey[];
  /** Interval of the transparency log's seal (modules/transparency/seal.ts; ms); undefined or 0 → none (tests). */
  transparencySealIntervalMs?: number;
  /** Interval of the proof-of-liabilities snapshot (modules/transparency/liabilities.ts; ms); undefined or 0 → none (tests). */
  liabilitiesSnapshotIntervalMs?: number;
  /** Interval of the integrity check (modules/transparency/integrity.ts; ms); undefined or 0 → none (tests). */
  integrityCheckIntervalMs?: number;
}

/**
 * Reads and validates the environment. Throws an Error listing every invalid variable.
 * When SESSION_SECRET is absent it is generated once and kept in `DATA_DIR/session-secret`;
 * in production it must be given.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new Error(
      'Invalid configuration:\n  SESSION_SECRET: required in production (32+ random characters)',
    );
  }
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    // the outbox-and-log fallback prints codes into the log: a laptop convenience, never production
    throw new Error(
      'Invalid configuration:\n  SMTP_URL: required in production (e-mail codes and notices must reach clients; without it they would only be logged)',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(
      /\/$/,
      '',
    ),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePool: { size: e.DATABASE_POOL_SIZE, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    metricsToken: e.METRICS_TOKEN,
    dataDir,
    smtpUrl: e.SMTP_URL || undefined,
    mailWorker: e.MAIL_WORKER === 'true' || e.MAIL_WORKER === '1',
    mailFrom: e.MAIL_FROM,
    brand: { name: e.BRAND_NAME, supportEmail: e.SUPPORT_EMAIL, riskWarning: e.RISK_WARNING },
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    sessionSecretPrevious: e.SESSION_SECRET_PREVIOUS || undefined,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    twoFactorKeys: e.TWO_FACTOR_KEYS,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    rateLimit: e.RATE_LIMIT === 'true' || e.NODE_ENV === 'production',
    trustProxy:
      e.TRUST_PROXY === 'false'
        ? false
        : (e.TRUST_PROXY ?? (e.NODE_ENV === 'production' ? 'loopback' : false)),
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : undefined,
    planSweepIntervalMs: e.PLAN_SWEEP_INTERVAL_MS,
    housekeepingIntervalMs: e.HOUSEKEEPING_INTERVAL_MS,
    beneficiaryDelayHours: e.BENEFICIARY_DELAY_HOURS,
    beneficiaryRequired: e.BENEFICIARY_REQUIRED !== 'false',
    beneficiarySweepIntervalMs: e.BENEFICIARY_SWEEP_INTERVAL_MS,
    securityHoldHours: e.SECURITY_HOLD_HOURS,
    mailRetentionDays: e.MAIL_RETENTION_DAYS,
    transparencySigningKey: e.TRANSPARENCY_SIGNING_KEY
      ? (signingSeedHex(e.TRANSPARENCY_SIGNING_KEY) ?? undefined)
      : undefined,
    transparencyReserves: e.TRANSPARENCY_RESERVES,
    transparencyOrigin: e.TRANSPARENCY_LOG_ORIGIN,
    transparencyKeyHistory: e.TRANSPARENCY_KEY_HISTORY
      ? readKeyHistory(e.TRANSPARENCY_KEY_HISTORY)
      : undefined,
    transparencyWitnesses: e.TRANSPARENCY_WITNESSES,
    transparencySealIntervalMs: e.TRANSPARENCY_SEAL_INTERVAL_MS,
    liabilitiesSnapshotIntervalMs: e.LIABILITIES_SNAPSHOT_INTERVAL_MS,
    integrityCheckIntervalMs: e.INTEGRITY_CHECK_INTERVAL_MS,
    staffTwoFactor: e.STAFF_TWO_FACTOR ?? (e.NODE_ENV === 'production' ? 'required' : 'optional'),
    staffAllowedNetworks: e.STAFF_ALLOWED_NETWORKS,
    fourEyesThreshold: BigInt(Math.round(e.FOUR_EYES_THRESHOLD_USD * 100)),
    money: {
      ...MONEY_DEFAULTS,
      depositWallets: { bitcoin: e.DEPOSIT_WALLET_BITCOIN, ethereum: e.DEPOSIT_WALLET_ETHEREUM },
    },
  };
}
