/**
 * Staff on the command line (docs/product.md "First owner", docs/security.md "Four-eyes approval"):
 *
 *   npm run staff -- create --email a@b.c --role owner [--first-name X --last-name Y]
 *   npm run staff -- reset-two-factor --email a@b.c --reason "Lost their phone"
 *   npm run staff -- block --email a@b.c --reason "…"
 *   npm run staff -- unblock --email a@b.c
 *   npm run staff -- deactivate --email a@b.c
 *   npm run staff -- unlock --email a@b.c
 *   npm run staff -- list
 *   npm run staff -- rekey-two-factor
 *
 * Runs against the database the server would use (`loadConfig`: DATABASE_URL's PostgreSQL, else
 * the embedded database in DATA_DIR), migrating it first. Audit rows have no actor: nobody is signed
 * in; whoever runs this has the server's own access.
 *
 * - `create` invites a staff member as POST /api/staff does (server/modules/staff/service.ts) and
 *   prints the single-use set-password link (valid 24 hours; it is also e-mailed). Idempotent: a
 *   staff member who already has that e-mail gets a fresh link instead of a second account. An
 *   e-mail that belongs to a client is refused.
 * - `reset-two-factor`, `block` and `unblock` act on a staff member as the owner routes
 *   /api/staff/:id/… do (server/modules/staff/security.ts), without four-eyes: the lone owner who
 *   lost their authenticator, or an owner no second owner can check. The reason (3–500
 *   characters) is e-mailed to the member.
 * - `deactivate` deactivates a staff member as DELETE /api/staff/:id does (never the last active
 *   owner) and ends their sessions.
 * - `unlock` clears an e-mail address's sign-in lock and failed-code counters (any account: a
 *   client too); `list` prints every staff member with role, two-factor, state and lock.
 * - `rekey-two-factor` re-seals every two-factor secret under the newest key of TWO_FACTOR_KEYS
 *   (docs/operations.md "Keys and their rotation"); idempotent; exits 1 when a secret no key opens.
 * Every change prints what changed and is audited (server/modules/staff/recovery.ts).
 *
 * `main(argv, env, print)` answers the exit code (0 done, 1 refused, 2 bad usage) and, for
 * `create`, the link and whether the user was created; the file run directly (tsx) exits with that code.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { and, ne, sql } from 'drizzle-orm';
import { STAFF_ROLES } from '@common/permissions';
import { decisionReasonField } from '@common/schemas/common';
import { staffInviteSchema, type StaffInvite } from '@common/schemas/staff';
import { buildApp } from '../server/app';
import type { AppInstance } from '../server/app-context';
import { config as readEnvFile } from 'dotenv';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { AppError } from '../server/lib/errors';
import { rekeyTwoFactor, staffOverview, unlockAddress } from '../server/modules/staff/recovery';

const USAGE = `Usage:
  npm run staff -- create --email <e-mail> --role <${STAFF_ROLES.join('|')}> [--first-name <name>] [--last-name <name>]
  npm run staff -- reset-two-factor --email <e-mail> --reason <text>
  npm run staff -- block --email <e-mail> --reason <text>
  npm run staff -- unblock --email <e-mail>
  npm run staff -- deactivate --email <e-mail>
  npm run staff -- unlock --email <e-mail>
  npm run staff -- list
  npm run staff -- rekey-two-factor`;

/** What a run answers: its exit code, and for `create` the link and whether the user is new. */
export interface StaffCliResult {
  code: number;
  link?: string;
  created?: boolean;
}

/** A command line that parsed: what to do. */
type Command =
  | { name: 'create'; input: StaffInvite }
  | { name: 'reset-two-factor' | 'block'; email: string; reason: string }
  | { name: 'unblock' | 'deactivate'; email: string }
  | RecoveryCommand;

/** The commands of server/modules/staff/recovery.ts. */
type RecoveryCommand = { name: 'list' | 'rekey-two-factor' } | { name: 'unlock'; email: string };

const isRecovery = (cmd: Command): cmd is RecoveryCommand =>
  cmd.name === 'list' || cmd.name === 'rekey-two-factor' || cmd.name === 'unlock';

/** Parses `argv`; answers the command, or the message to print before the usage. */
function parse(argv: string[]): Command | string {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        reason: { type: 'string' },
      },
    });
  } catch (e) {
    return (e as Error).message;
  }
  const { positionals, values } = args;
  const name = positionals[0];
  if (positionals.length !== 1) return 'Unknown command';
  if (name === 'create') {
    const role = values.role ?? '';
    const input = staffInviteSchema.safeParse({
      email: values.email,
      role,
      firstName: values['first-name'] ?? 'Staff',
      lastName: values['last-name'] ?? role.charAt(0).toUpperCase() + role.slice(1),
    });
    return input.success ? { name, input: input.data } : (input.error.issues[0]?.message ?? 'Invalid');
  }
  if (name === 'list' || name === 'rekey-two-factor') return { name };
  if (!['reset-two-factor', 'block', 'unblock', 'deactivate', 'unlock'].includes(name!))
    return 'Unknown command';
  if (!values.email) return 'Give the member with --email';
  if (name === 'unblock' || name === 'deactivate' || name === 'unlock') return { name, email: values.email };
  if (name !== 'reset-two-factor' && name !== 'block') return 'Unknown command';
  const reason = decisionReasonField.safeParse(values.reason);
  return reason.success
    ? { name, email: values.email, reason: reason.data }
    : reason.error.issues[0]!.message;
}

/** Runs `cmd` on `app`; prints through `print`. Throws AppError when refused. */
async function run(app: AppInstance, cmd: Command, print: (line: string) => void): Promise<StaffCliResult> {
  const { services, database } = app.ctx;
  if (cmd.name === 'create') {
    const { member, link, created } = await services.staff.invite(null, cmd.input, { reinvite: true });
    print(
      created
        ? `Invited ${member.email} as ${member.role} (database: ${database.driver}).`
        : `${member.email} is already a staff member (${member.role}): here is a fresh link.`,
    );
    print(`Set-password link (single use, valid 24 hours):\n${link}`);
    return { code: 0, link, created };
  }
  if (isRecovery(cmd)) return runRecovery(app, cmd, print);
  const [member] = await database.db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${cmd.email})`, ne(users.role, 'client')));
  if (!member) throw new AppError('staff_member_not_found');
  const sec = services.staffSecurity;
  if (cmd.name === 'reset-two-factor') {
    await sec.resetTwoFactor(null, member.id, cmd.reason);
    print(`Two-factor authentication of ${member.email} turned off; their sessions ended.`);
  } else if (cmd.name === 'deactivate') {
    await services.staff.deactivate(null, member.id);
    print(`${member.email} (${member.role}) is deactivated; their sessions ended.`);
  } else if (cmd.name === 'block') {
    await sec.block(null, member.id, cmd.reason);
    print(`${member.email} is blocked; their sessions ended.`);
  } else {
    await sec.unblock(null, member.id);
    print(`${member.email} is unblocked.`);
  }
  return { code: 0 };
}

/** `list`, `unlock` and `rekey-two-factor` on `app` (server/modules/staff/recovery.ts); prints through `print`. */
async function runRecovery(
  app: AppInstance,
  cmd: RecoveryCommand,
  print: (line: string) => void,
): Promise<StaffCliResult> {
  const { services, database, config } = app.ctx;
  if (cmd.name === 'list') {
    const rows = await staffOverview(database.db, services.staff);
    const table = [
      ['E-MAIL', 'ROLE', '2FA', 'STATE', 'SIGN-IN'],
      ...rows.map((r) => [
        r.email,
        r.role,
        r.twoFactorEnabled ? 'on' : 'off',
        r.state,
        r.lockedUntil ? `locked until ${r.lockedUntil.toISOString()}` : 'open',
      ]),
    ];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    for (const row of table)
      print(
        row
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      );
    print(`${rows.length} staff member${rows.length === 1 ? '' : 's'}.`);
    return { code: 0 };
  }
  if (cmd.name === 'unlock') {
    const cleared = await unlockAddress(database.db, cmd.email);
    if (cleared.length === 0) print(`${cmd.email}: nothing to unlock (no failures counted).`);
    for (const c of cleared)
      print(
        `${cmd.email}: ${c.kind} failures cleared (${c.failures}, counted until ${c.until.toISOString()}).`,
      );
    return { code: 0 };
  }
  const counts = await rekeyTwoFactor(database.db, services.twoFactor);
  const version = config.twoFactorKeys?.[0]?.version ?? 0;
  print(
    `Two-factor secrets: ${counts.total} stored, ${counts.resealed} re-sealed under key version ${version}, ` +
      `${counts.current} already under it, ${counts.changed} changed meanwhile (left as they are).`,
  );
  if (counts.unreadable.length === 0) return { code: 0 };
  print(
    `${counts.unreadable.length} cannot be opened by any key (user ids: ${counts.unreadable.join(', ')}): ` +
      'put their key version back into TWO_FACTOR_KEYS (or SESSION_SECRET_PREVIOUS) and run this again.',
  );
  return { code: 1 };
}

/** Runs the command `argv` (without node and the script) with `env`; prints through `print`. */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
): Promise<StaffCliResult> {
  const cmd = parse(argv);
  if (typeof cmd === 'string') {
    print(`${cmd}\n${USAGE}`);
    return { code: 2 };
  }
  const config = {
    ...loadConfig(env),
    planSweepIntervalMs: 0,
    housekeepingIntervalMs: 0,
    webDir: '/nonexistent',
  };
  const database = await openDatabase({
    url: config.databaseUrl,
    dir: config.dataDir ? path.join(config.dataDir, 'pglite') : undefined,
    pool: config.databasePool,
  });
  const app = await buildApp({ ...config, logLevel: env.LOG_LEVEL ?? 'warn' }, database);
  try {
    return await run(app, cmd, print);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    print(`Refused: ${e.message}`);
    return { code: 1 };
  } finally {
    await app.close();
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  // the same .env the server reads (server/main.ts); the environment wins over it
  readEnvFile({ quiet: true });
  main(process.argv.slice(2)).then(
    (r) => process.exit(r.code),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
