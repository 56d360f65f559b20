/**
 * The PGlite list of CI (server/test/driver-sensitive.ts) keeps up with the code: every file that
 * branches on the database driver is run on PGlite too, so running only that list on PGlite loses
 * no coverage of the embedded driver.
 * - Production code that branches on the driver (compares `database.driver`, imports PGlite, or
 *   reads what differs by driver: `listen`, `poolStats`, `streamRows`) is covered by a listed test.
 * - A test file or test helper that reads the driver (TEST_DATABASE_URL, `.driver`, sessionReads)
 *   is in the list, or in NOT_DRIVER_SENSITIVE with its reason.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DRIVER_SENSITIVE, NOT_DRIVER_SENSITIVE } from './driver-sensitive';

const sources = ['server', 'scripts', 'common'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${dir}/${f}`),
);
const isTestCode = (file: string) => file.endsWith('.test.ts') || file.startsWith('server/test/');
/** Code whose path differs by driver. */
const BRANCHES_ON_DRIVER =
  /\.driver\s*[!=]==|@electric-sql\/pglite|database\.(listen|poolStats|streamRows)\(/;
/** A test that reads which driver it runs on. */
const READS_DRIVER = /TEST_DATABASE_URL|\.driver\b|\bsessionReads\b/;

const listedTests = new Set(DRIVER_SENSITIVE.map((f) => f.test));
const covered = new Set(DRIVER_SENSITIVE.flatMap((f) => f.covers));

describe('the PGlite list of CI (server/test/driver-sensitive.ts)', () => {
  it('names files that exist, each with a reason', () => {
    const named = [...listedTests, ...covered, ...Object.keys(NOT_DRIVER_SENSITIVE)];
    expect(named.filter((f) => !existsSync(f))).toEqual([]);
    expect(DRIVER_SENSITIVE.filter((f) => f.reason.length < 20 || !f.test.endsWith('.test.ts'))).toEqual([]);
  });

  it('covers every production file that branches on the driver with a test run on PGlite', () => {
    const branching = sources.filter(
      (f) => !isTestCode(f) && BRANCHES_ON_DRIVER.test(readFileSync(f, 'utf8')),
    );
    expect(branching).toContain('server/db/client.ts');
    expect(branching.filter((f) => !covered.has(f))).toEqual([]);
  });

  it('places every test file that reads the driver in one list or the other', () => {
    const lists = ['server/test/driver-sensitive.ts', 'server/test/driver-sensitive.test.ts'];
    const reading = sources.filter(
      (f) => isTestCode(f) && !lists.includes(f) && READS_DRIVER.test(readFileSync(f, 'utf8')),
    );
    expect(reading).toContain('server/test/app.ts');
    const unplaced = reading.filter(
      (f) => !listedTests.has(f) && !covered.has(f) && !(f in NOT_DRIVER_SENSITIVE),
    );
    expect(unplaced).toEqual([]);
  });
});
