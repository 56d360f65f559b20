/**
 * Staff on the command line (docs/deployment.md "First owner"):
 *
 *   npm run staff -- create --email a@b.c --role owner [--first-name X --last-name Y]
 *
 * Invites a staff member as POST /api/staff does (server/modules/staff/service.ts), against the
 * database the server would use (`loadConfig`: DATABASE_URL's PostgreSQL, else the embedded database
 * in DATA_DIR), migrating it first, and prints the single-use set-password link (valid 24 hours;
 * it is also e-mailed). Idempotent: a staff member who already has that e-mail gets a fresh link
 * instead of a second account. An e-mail that belongs to a client is refused. The audit row
 * (`staff.invite`) has no actor: nobody is signed in.
 *
 * `main(argv, env, print)` answers the exit code and, on success, the link and whether the user
 * was created; the file run directly (tsx) exits with that code.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { STAFF_ROLES } from '@common/permissions';
import { staffInviteSchema } from '@common/schemas/staff';
import { buildApp } from '../server/app';
import { config as readEnvFile } from 'dotenv';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { AppError } from '../server/lib/errors';

const USAGE = `Usage: npm run staff -- create --email <e-mail> --role <${STAFF_ROLES.join('|')}> [--first-name <name>] [--last-name <name>]`;

/** What a run answers: its exit code, and on success the link and whether the user is new. */
export interface StaffCliResult {
  code: number;
  link?: string;
  created?: boolean;
}

/** Runs the command `argv` (without node and the script) with `env`; prints through `print`. */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
): Promise<StaffCliResult> {
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
      },
    });
  } catch (e) {
    print(`${(e as Error).message}\n${USAGE}`);
    return { code: 2 };
  }
  const { positionals, values } = args;
  const role = values.role ?? '';
  const input = staffInviteSchema.safeParse({
    email: values.email,
    role,
    firstName: values['first-name'] ?? 'Staff',
    lastName: values['last-name'] ?? role.charAt(0).toUpperCase() + role.slice(1),
  });
  if (positionals[0] !== 'create' || positionals.length !== 1 || !input.success) {
    print(`${input.error?.issues[0]?.message ?? 'Unknown command'}\n${USAGE}`);
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
    const { member, link, created } = await app.ctx.services.staff.invite(null, input.data, {
      reinvite: true,
    });
    print(
      created
        ? `Invited ${member.email} as ${member.role} (database: ${database.driver}).`
        : `${member.email} is already a staff member (${member.role}): here is a fresh link.`,
    );
    print(`Set-password link (single use, valid 24 hours):\n${link}`);
    return { code: 0, link, created };
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
