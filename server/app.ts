/**
 * Builds the Fastify app: plugins (cookies, security headers, rate limits, OpenAPI), the periodic
 * jobs (jobs.ts), one error handler, the /api routes of every domain module, and the built web app
 * from dist/web with a fallback to index.html for client-side routes. main.ts starts it; tests call
 * it directly.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AppContext, AppInstance } from './app-context';
import { answerError, errorAnswer } from './lib/error-handler';
import { appLoggerOptions } from './lib/log-policy';
import { idempotentRoutes } from './lib/idempotency';
import { openApiDocumentTransform, openApiTransform, SECURITY_SCHEMES } from './lib/openapi';
import { securityHeaders } from './lib/security';
import { answerSerializerCompiler } from './lib/serializer';
import { apiRoutes } from './api-routes';
import { jobs } from './jobs';
import { WEB_ROOT } from './paths';
import { createMailer } from './lib/mail';
import { createAuth } from './modules/auth/better-auth';
import { createGuards } from './modules/auth/guard';
import { createSessionCache } from './modules/auth/session-cache';
import { createAuthService } from './modules/auth/service';
import { createSessionsService } from './modules/auth/sessions';
import { createSignInService } from './modules/auth/sign-in';
import { createAccountThrottle } from './modules/auth/throttle';
import { createTwoFactor } from './modules/auth/two-factor';
import { createContactsService } from './modules/contacts/service';
import { registerMetrics } from './modules/metrics/routes';
import { createDepositsService } from './modules/deposits/service';
import { createKycService } from './modules/kyc/service';
import { createAdjustmentsService } from './modules/ledger/adjustments';
import { createLedgerService } from './modules/ledger/service';
import { createNotificationsService } from './modules/notifications/service';
import { createSecurityHolds } from './modules/security-holds/service';
import { createTransactionsService } from './modules/transactions/service';
import { createReviewsService } from './modules/reviews/service';
import { createClientEraser } from './modules/users/client-eraser';
import { createUsersService } from './modules/users/service';
import { createWithdrawalsService } from './modules/withdrawals/service';
import { createBeneficiariesService } from './modules/beneficiaries/service';
import { createLimitsService } from './modules/limits/service';
import { createApiKeysService } from './modules/api-keys/service';
import { createWebhooksService } from './modules/webhooks/service';
import { createWebhookWorker } from './modules/webhooks/worker';
import { unversionedUrl } from './lib/api-version';
import { databaseRateLimitStore } from './lib/rate-limit-store';
import { createOneTimeCodes } from './lib/one-time-codes';
import { traceIds } from './lib/tracing';
import type { Tracing } from './lib/tracing-sdk';
import { createStorage } from './lib/storage';
import type { BaseDeps, ServiceDeps } from './lib/service-deps';
import { approvalRunners } from './modules/approvals/runners';
import { createStaffSecurity } from './modules/staff/security';
import { createApprovalsService } from './modules/approvals/service';
import { createAuditService } from './modules/audit/service';
import { createEmailingService } from './modules/emailing/service';
import { trackRoutes } from './modules/audit/route-table';
import { createPlansService } from './modules/plans/service';
import { createProfitPosting } from './modules/trading-activities/profit-posting';
import { createTradingActivitiesService } from './modules/trading-activities/service';
import { createProfileService } from './modules/profile/service';
import { createSupportService } from './modules/support/service';
import { createStaffService } from './modules/staff/service';

/** A request id a proxy may hand us: 8–128 letters, digits, dots, dashes or underscores. */
const REQUEST_ID = /^[\w.-]{8,128}$/;

/**
 * Builds the app on an open database. The caller listens (main.ts) or injects (tests). Log lines
 * go to stdout, or to `opts.logStream` (tests read them), under the log policy (lib/log-policy.ts).
 * With `opts.tracing` (started by the caller: lib/tracing-sdk.ts) every request gets its span and
 * every log line inside one its trace and span ids.
 */
export async function buildApp(
  config: Config,
  database: Database,
  opts: { logStream?: DestinationStream; tracing?: Tracing | null } = {},
): Promise<AppInstance> {
  const app = Fastify({
    logger: { ...appLoggerOptions(config, opts.logStream), ...(opts.tracing && { mixin: traceIds }) },
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    // /api/v1/… is an alias of /api/… (lib/api-version.ts)
    rewriteUrl: (req) => unversionedUrl(req.url ?? '/'),
    // the router's own refusals (a malformed URL 400, a path parameter over its length 414) answer
    // through the one error handler too: `{ code, message }`
    frameworkErrors: (err, req, reply) => answerError(err, req, reply),
    // unique across processes (docs/operations.md "Request ids and logs"): the proxy's X-Request-Id when it is a
    // plain token, else a fresh UUID; echoed in the answer's X-Request-Id
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  // hooks on every request take a callback: an async hook costs a promise per request
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  // first of all plugins, so every route and hook is inside the request's span
  if (opts.tracing) await app.register(opts.tracing.fastifyPlugin);
  app.setValidatorCompiler(validatorCompiler);
  // fast-json-stringify from each answer's zod schema; zod's encoding checks it outside production
  app.setSerializerCompiler(answerSerializerCompiler({ checked: config.env !== 'production' }));
  idempotentRoutes(app);
  trackRoutes(app);

  const { db } = database;
  const log = app.log;
  database.onConnectionError((err) =>
    log.warn({ err }, 'database connection lost; the pool opens a new one when needed'),
  );
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    brand: { ...config.brand, siteUrl: config.publicUrl },
    db,
    log,
    retry: config.mailRetry,
    worker: config.mailWorker,
  });
  // Services in two stages (server/lib/service-deps.ts): the building blocks from the base, then
  // every other service from the base plus the building blocks.
  const base: BaseDeps = {
    db,
    log,
    config,
    mailer,
    storage: createStorage(config.dataDir),
    streamRows: (query, batchSize) => database.streamRows(query, batchSize),
  };
  const deps: ServiceDeps = {
    ...base,
    notifications: createNotificationsService(base),
    codes: createOneTimeCodes(base),
    throttle: createAccountThrottle(base),
    sessions: createSessionsService(base),
    twoFactor: createTwoFactor(base),
    auth: createAuth(base),
    holds: createSecurityHolds(base),
  };
  const { auth, notifications, codes, throttle, sessions, twoFactor, storage } = deps;
  // the services four-eyes runs an approved action through (modules/approvals/runners.ts)
  const money = {
    adjustments: createAdjustmentsService(deps),
    withdrawals: createWithdrawalsService(deps),
    transactions: createTransactionsService(deps),
    tradingActivities: createTradingActivitiesService(deps),
    profitPosting: createProfitPosting(deps),
    deposits: createDepositsService(deps),
    staffSecurity: createStaffSecurity(deps),
    limits: createLimitsService(deps),
  };
  // PostgreSQL only: forgets a user's sessions on every process at their NOTIFY (docs/performance.md)
  const sessionCache = createSessionCache(database);
  // the webhook worker runs where the mail worker does (modules/webhooks/worker.ts)
  const webhookWorker = createWebhookWorker(base, config.webhookRetry);
  app.addHook('onClose', async () => sessionCache?.close());
  const ctx: AppContext = {
    config,
    database,
    mailer,
    auth,
    guards: createGuards(base, sessionCache),
    services: {
      auth: createAuthService(deps),
      signIn: createSignInService(deps),
      sessions,
      twoFactor,
      throttle,
      storage,
      codes,
      ledger: createLedgerService(base),
      notifications,
      reviews: createReviewsService(deps),
      contacts: createContactsService(deps),
      users: createUsersService(deps),
      clientEraser: createClientEraser(deps),
      kyc: createKycService(deps),
      plans: createPlansService(deps),
      profile: createProfileService(deps),
      support: createSupportService(deps),
      audit: createAuditService(deps),
      emailing: createEmailingService(deps),
      staff: createStaffService(deps),
      beneficiaries: createBeneficiariesService(deps),
      ...money,
      approvals: createApprovalsService(deps, approvalRunners(money)),
      apiKeys: createApiKeysService(deps),
      webhooks: createWebhooksService(deps, () => webhookWorker.wake()),
      holds: deps.holds,
    },
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);
  // the mail worker sends the outbox (lib/mail.ts) from the moment the app is ready
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.close());
  if (config.mailWorker !== false) {
    app.addHook('onReady', async () => webhookWorker.start());
    app.addHook('onClose', async () => webhookWorker.close());
  }

  app.setErrorHandler(answerError);

  await app.register(compress, { threshold: 1024 });
  await app.register(cookie, { secret: config.sessionSecret });
  securityHeaders(app, { hsts: config.env === 'production' });
  if (config.rateLimit) {
    // counts in the database, so every API process counts against the same limit
    await app.register(rateLimit, { global: false, hook: 'preHandler', store: databaseRateLimitStore(db) });
  }
  await app.register(jobs);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Broker portal API',
        version: '1.0.0',
        license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: openApiTransform,
    transformObject: openApiDocumentTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerMetrics(app as unknown as AppInstance);

  await app.register(
    async (api) => {
      // API answers are personal or live (a sign-in's token, a balance): never stored by a cache
      api.addHook('onSend', (_req, reply, payload, done) => {
        reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      await apiRoutes(api);
    },
    { prefix: '/api' },
  );

  const webRoot = config.webDir ?? WEB_ROOT;
  const hasWeb = existsSync(`${webRoot}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Vite's hashed file names never change content: cache them for a year
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // Public pages prerendered at build time (web/prerender-plugin.ts) get their own HTML, as routes
    // so it is compressed: `/` → prerendered/index.html, `/about` → prerendered/about.html.
    const prerendered = path.join(webRoot, 'prerendered');
    for (const file of existsSync(prerendered) ? readdirSync(prerendered) : []) {
      const url = file === 'index.html' ? '/' : `/${path.basename(file, '.html')}`;
      app.get(url, { schema: { hide: true } }, (_req, reply) =>
        reply.type('text/html').sendFile(`prerendered/${file}`, { maxAge: 0 }),
      );
    }
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api') || !hasWeb || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send(errorAnswer('not_found'));
    }
    return reply.type('text/html').sendFile('index.html', { maxAge: 0 });
  });

  return app as unknown as AppInstance;
}
