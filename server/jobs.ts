/**
 * Every scheduled job, started in one place: this plugin, registered once in app.ts. Each job runs
 * through lib/periodic.ts: first when the app is ready, then on its interval, each slot of the
 * interval in one API process only (claimed in `scheduled_runs`), never two passes at once in one
 * process, stopped after any running pass when the app closes. An interval of 0 or unset turns the
 * job off (tests). The work of each is also safe should two passes overlap
 * (docs/operations.md "Scheduled tasks").
 *
 * JOB           SETTING                    ONE PASS
 * plan sweep    PLAN_SWEEP_INTERVAL_MS     completes the plans whose end date has passed (plans service,
 *                                          notices e-mailed); logs how many when any
 * housekeeping  HOUSEKEEPING_INTERVAL_MS   `purgeExpired` (modules/housekeeping/service.ts); logs the rows
 *                                          deleted by table, and the mail bodies blanked after
 *                                          MAIL_RETENTION_DAYS, when any
 * journal seal  TRANSPARENCY_SEAL_INTERVAL_MS  `sealJournal` (modules/transparency/seal.ts): appends the
 *                                          new journal entries to the transparency log and signs a tree
 *                                          head when any, then supersedes the issued statements a
 *                                          back-dated entry made untrue (statement-supersession.ts);
 *                                          logs how many and the new size
 * liabilities   LIABILITIES_SNAPSHOT_INTERVAL_MS  `takeLiabilitiesSnapshot` (modules/transparency/liabilities.ts):
 *                                          publishes a proof of liabilities (daily by default)
 * beneficiaries BENEFICIARY_SWEEP_INTERVAL_MS  `activateDue` (modules/beneficiaries/service.ts): the
 *                                          withdrawal destinations whose waiting period ended become
 *                                          active, their clients told; logs how many when any
 * integrity     INTEGRITY_CHECK_INTERVAL_MS  `runIntegrityCheck` (modules/transparency/integrity.ts), the
 *                                          result stored for the admin overview and the metrics; a
 *                                          divergence is logged as an error
 */
import type { AppInstance } from './app-context';
import { runPeriodically } from './lib/periodic';
import { purgeExpired } from './modules/housekeeping/service';
import { sealAndSupersede } from './modules/transparency/statement-supersession';
import { signatureTrustFor, signingKeyFor } from './modules/transparency/signing-key';
import { checkAndRecordIntegrity } from './modules/transparency/integrity';
import { takeLiabilitiesSnapshot } from './modules/transparency/liabilities';

export async function jobs(app: AppInstance) {
  const { config, database, services } = app.ctx;

  runPeriodically(app, {
    every: config.planSweepIntervalMs,
    name: 'plan sweep',
    task: async () => {
      const completed = await services.plans.completeDuePlans();
      return completed > 0 ? { completed } : undefined;
    },
  });

  runPeriodically(app, {
    every: config.housekeepingIntervalMs,
    name: 'housekeeping',
    task: async () => {
      const counts = await purgeExpired(database.db, { mailRetentionDays: config.mailRetentionDays });
      return Object.values(counts).some((n) => n > 0) ? { ...counts } : undefined;
    },
  });

  runPeriodically(app, {
    every: config.transparencySealIntervalMs,
    name: 'journal seal',
    task: async () => {
      const sealed = await sealAndSupersede(database.db, signingKeyFor(config), {
        notifications: services.notifications,
        publicUrl: config.publicUrl,
        log: app.log,
      });
      return sealed.appended > 0 || sealed.superseded > 0 ? { ...sealed } : undefined;
    },
  });

  runPeriodically(app, {
    every: config.liabilitiesSnapshotIntervalMs,
    name: 'liabilities snapshot',
    task: async () => {
      const snapshot = await takeLiabilitiesSnapshot(database.db, null, signingKeyFor(config));
      return snapshot ? { accounts: snapshot.accounts } : undefined;
    },
  });

  runPeriodically(app, {
    every: config.beneficiarySweepIntervalMs,
    name: 'beneficiary activation',
    task: async () => {
      const activated = await services.beneficiaries.activateDue();
      return activated > 0 ? { activated } : undefined;
    },
  });

  runPeriodically(app, {
    every: config.integrityCheckIntervalMs,
    name: 'integrity check',
    task: async () => {
      const result = await checkAndRecordIntegrity(database.db, app.log, signatureTrustFor(config));
      return { ok: result.ok ? 1 : 0, durationMs: result.durationMs };
    },
  });
}
