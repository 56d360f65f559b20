/**
 * The migration linter still bites. `npm run lint:migrations` runs squawk (settings in
 * .squawk.toml) over server/db/migrations; these tests run that same command, as npm would, on a
 * copy of the folder that gains a throwaway dangerous migration, and expect it to fail naming the
 * rule. They also pin the exclusion of the migrations written before the linter: it names exactly
 * those files, and squawk finds in them exactly what migration-lint-baseline.json lists, file by
 * file and rule by rule, so the exclusion hides no more than it did when it was written.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const MIGRATIONS = 'server/db/migrations';
/** The last migration written before the linter: it and the ones before it are excluded. */
const LAST_UNLINTED = '0053_users_list_orders';
/** What a migration that touches an existing table starts with (require-lock-timeout). */
const LOCK_TIMEOUT = "SET LOCAL lock_timeout = '5s';--> statement-breakpoint\n";

const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const script = scripts['lint:migrations']!;

/** One finding of squawk's JSON reporter (the fields these tests read). */
interface Finding {
  file: string;
  rule_name: string;
}

/** npm's environment for a script: node_modules/.bin first on the PATH. */
const env = { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH}` };

/**
 * Runs the command of `npm run lint:migrations` in `cwd`, with `extra` arguments appended, as npm
 * runs a script: through `sh`, with node_modules/.bin first on the PATH.
 */
function lint(cwd: string, extra = '') {
  const run = spawnSync('sh', ['-c', `${script} ${extra}`], { cwd, encoding: 'utf8', env });
  return { status: run.status, output: `${run.stdout}${run.stderr}`, stdout: run.stdout };
}

/** The same run with squawk's JSON reporter: its exit status and findings. */
function findings(cwd: string, extra = '') {
  const run = lint(cwd, `${extra} --reporter=json`);
  return { status: run.status, found: JSON.parse(run.stdout) as Finding[] };
}

/** `{ file name: { rule: how many findings } }`, keys sorted. */
function countByFileAndRule(found: Finding[]): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const { file, rule_name } of found) {
    const byRule = (counts[file.split('/').pop()!] ??= {});
    byRule[rule_name] = (byRule[rule_name] ?? 0) + 1;
  }
  return counts;
}

describe('the migration linter (squawk)', () => {
  it("passes today's migrations, not waiting on the stdin that `concurrently` leaves open", async () => {
    // with no file to lint (every one excluded), squawk lints its standard input instead
    const child = spawn('sh', ['-c', script], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const status = await new Promise<number | null | 'hung'>((resolve) => {
      const timer = setTimeout(() => resolve('hung'), 10_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    child.stdin.end();
    expect(status, output).toBe(0);
    expect(output).toContain('Found 0 issues');
  });

  it('excludes exactly the migrations written before it, and they give exactly the baseline', () => {
    const journal = JSON.parse(readFileSync(join(ROOT, MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const tags = journal.entries.map((entry) => entry.tag);
    expect(tags).toContain(LAST_UNLINTED);
    const old = tags.slice(0, tags.indexOf(LAST_UNLINTED) + 1).map((tag) => `${tag}.sql`);

    const config = readFileSync(join(ROOT, '.squawk.toml'), 'utf8');
    const list = /^excluded_paths = \[([^\]]*)\]/m.exec(config);
    expect(list, 'excluded_paths in .squawk.toml').not.toBeNull();
    const excluded = [...list![1]!.matchAll(/"([^"]*)"/g)].map((match) => match[1]);
    expect(excluded).toEqual(old.map((file) => `${MIGRATIONS}/${file}`));

    const baseline = JSON.parse(
      readFileSync(join(import.meta.dirname, 'migration-lint-baseline.json'), 'utf8'),
    ) as Record<string, Record<string, number>>;
    expect(Object.keys(baseline)).toEqual(old);
    // squawk: "the --exclude-path flag completely overrides the configuration file", so a pattern
    // that matches nothing lints every file with every other setting of .squawk.toml
    const { status, found } = findings(ROOT, '--exclude-path=/none');
    expect(status).toBe(1);
    expect(countByFileAndRule(found)).toEqual(baseline);
  });

  describe('on a copy of the migrations with throwaway ones after them', () => {
    const dirs: string[] = [];
    /** A copy of the migrations folder and .squawk.toml, plus `added` (file name → SQL). */
    function copyWith(added: Record<string, string>): string {
      const dir = mkdtempSync(join(tmpdir(), 'migration-lint-'));
      dirs.push(dir);
      mkdirSync(join(dir, 'server/db'), { recursive: true });
      cpSync(join(ROOT, MIGRATIONS), join(dir, MIGRATIONS), { recursive: true });
      cpSync(join(ROOT, '.squawk.toml'), join(dir, '.squawk.toml'));
      for (const [file, sql] of Object.entries(added)) writeFileSync(join(dir, MIGRATIONS, file), sql);
      return dir;
    }
    afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

    /** One throwaway migration per rule, each breaking that rule only; linted in one run. */
    const dangerous = [
      {
        file: '0054_required_column.sql',
        rule: 'adding-required-field',
        sql: `${LOCK_TIMEOUT}ALTER TABLE "users" ADD COLUMN "nickname" text NOT NULL;`,
      },
      {
        file: '0055_blocking_index.sql',
        rule: 'require-concurrent-index-creation',
        sql: `${LOCK_TIMEOUT}CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone");`,
      },
      {
        file: '0056_column_type.sql',
        rule: 'changing-column-type',
        sql: `${LOCK_TIMEOUT}ALTER TABLE "deposits" ALTER COLUMN "amount" TYPE numeric;`,
      },
      {
        file: '0057_no_lock_timeout.sql',
        rule: 'require-lock-timeout',
        sql: 'ALTER TABLE "users" ADD COLUMN "nickname" text;',
      },
    ];
    let dir: string;
    let result: ReturnType<typeof findings>;
    beforeAll(() => {
      dir = copyWith(Object.fromEntries(dangerous.map(({ file, sql }) => [file, `${sql}\n`])));
      result = findings(dir);
    });

    it('fails', () => expect(result.status).toBe(1));

    it.each(dangerous)('names $rule, and only it, in $file', ({ file, rule }) => {
      const inFile = result.found.filter((finding) => finding.file === `${MIGRATIONS}/${file}`);
      expect(inFile.map((finding) => finding.rule_name)).toEqual([rule]);
    });

    it('finds nothing else', () => expect(result.found).toHaveLength(dangerous.length));

    it("names the rules and the files in the script's own output", () => {
      const run = lint(dir);
      expect(run.status, run.output).toBe(1);
      for (const { file, rule } of dangerous) {
        expect(run.output).toContain(rule);
        expect(run.output).toContain(`${MIGRATIONS}/${file}`);
      }
    });

    it('passes a new migration that follows the rules, or waives one in the open', () => {
      const safe = [
        LOCK_TIMEOUT,
        'CREATE TABLE "throwaways" ("id" uuid PRIMARY KEY NOT NULL, "name" text NOT NULL);',
        '--> statement-breakpoint\n',
        'CREATE INDEX "throwaways_name_idx" ON "throwaways" USING btree ("name");',
        '--> statement-breakpoint\n',
        'ALTER TABLE "users" ADD COLUMN "nickname" text;--> statement-breakpoint\n',
        // the reason on a line of its own: other words after the rule's name can void the ignore
        '-- Why: (a throwaway) users holds few rows on every deployment.\n',
        '-- squawk-ignore require-concurrent-index-creation\n',
        'CREATE INDEX "users_nickname_idx" ON "users" USING btree ("nickname");\n',
      ];
      expect(findings(copyWith({ '0054_safe.sql': safe.join('') }))).toEqual({ status: 0, found: [] });
    });
  });
});
