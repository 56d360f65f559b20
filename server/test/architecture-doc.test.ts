/**
 * docs/architecture.md keeps its lists true: the rooms of section 3 are the folders of
 * server/modules and web/src/features, the migrations of section 7 are the files of
 * server/db/migrations (and drizzle-kit's journal), and section 8 names every periodic job of
 * server/jobs.ts with its interval setting and every setting of server/config.ts with its default.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../config';
import { documentedTables } from './doc-tables';

const ROOT = join(import.meta.dirname, '../..');

/** The folders directly inside `folder` (from the repository's root), sorted. */
function folders(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The table of a section whose header row starts with `firstCell` (and, if given, has `columns`). */
function table(heading: string, header: string[]): string[][] {
  const found = documentedTables('architecture.md', heading).filter(
    ([head]) => head!.length === header.length && head!.every((cell, i) => cell === header[i]),
  );
  if (found.length !== 1)
    throw new Error(`"${heading}" has ${found.length} tables headed ${header.join(' | ')}`);
  return found[0]!.slice(1);
}

/** The names in a column of `code` cells, backticks removed, sorted. */
function names(rows: string[][], column = 0): string[] {
  return rows.map((row) => row[column]!.replace(/`/g, '')).sort();
}

/** `planSweepIntervalMs` → `PLAN_SWEEP_INTERVAL_MS`. */
function settingName(configField: string): string {
  return configField.replace(/([A-Z])/g, '_$1').toUpperCase();
}

/** The default `envSchema` gives a setting (undefined when it has none). */
function defaultOf(setting: string): unknown {
  const schema = envSchema.shape[setting as keyof typeof envSchema.shape];
  const parsed = schema.safeParse(undefined);
  return parsed.success ? parsed.data : undefined;
}

describe('docs/architecture.md keeps its lists true', () => {
  it('section 3 lists every room, on the sides where its folders are', () => {
    const server = folders('server/modules');
    const web = folders('web/src/features');
    const both = table('3. Rooms', ['room', 'server side', 'web side']);
    const serverOnly = table('3. Rooms', ['room', 'holds']);
    const webOnly = table('3. Rooms', ['room', 'holds', 'talks to server room(s)']);
    expect(names(both)).toEqual(server.filter((room) => web.includes(room)));
    expect(names(serverOnly)).toEqual(server.filter((room) => !web.includes(room)));
    expect(names(webOnly)).toEqual(web.filter((room) => !server.includes(room)));
  });

  it('section 7 lists every migration, in the order they run', () => {
    const folder = join(ROOT, 'server/db/migrations');
    const files = readdirSync(folder)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => file.replace(/\.sql$/, ''))
      .sort();
    const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    expect(journal.entries.map((entry) => entry.tag)).toEqual(files);
    const documented = table('7. Database', ['migration', 'adds or changes']);
    expect(documented.map(([name]) => name!.replace(/`/g, ''))).toEqual(files);
    expect(documented.every(([, what]) => what!.length > 0)).toBe(true);
  });

  it('section 8 names every periodic job of server/jobs.ts with its setting and default', () => {
    const source = readFileSync(join(ROOT, 'server/jobs.ts'), 'utf8');
    const jobs = [
      ...source.matchAll(/runPeriodically\(app, \{\s*every: config\.(\w+),\s*name: '([^']+)'/g),
    ].map((m) => [m[2]!, settingName(m[1]!)]);
    // a call written another way would be missed above: count them all
    expect(jobs.length).toBe(source.split('runPeriodically(app').length - 1);
    const documented = table('8. Settings and jobs', ['job', 'interval setting', 'default', 'one pass']);
    expect(documented.map(([job, setting]) => [job, setting!.replace(/`/g, '')])).toEqual(jobs);
    for (const [, setting, given] of documented) {
      expect(given, setting).toMatch(new RegExp(`^\`${String(defaultOf(setting!.replace(/`/g, '')))}\``));
    }
  });

  it('section 8 names every setting of server/config.ts with its default', () => {
    const documented = table('8. Settings and jobs', ['setting', 'default', 'what']);
    expect(names(documented)).toEqual(Object.keys(envSchema.shape).sort());
    for (const [name, given] of documented) {
      const value = defaultOf(name!.replace(/`/g, ''));
      if (Array.isArray(value)) expect(given, name).toBe(value.length === 0 ? 'none' : JSON.stringify(value));
      // a short default is written as it is; a long one (the demo brand's texts) is described
      else if (value !== undefined && String(value).length <= 40) expect(given, name).toMatch(`\`${value}\``);
    }
  });
});
