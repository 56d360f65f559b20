/**
 * The usual setup of an API test file in one call: a fresh test context (server/test/app.ts) and an
 * admin signed in on it, created before the file's tests and closed after them.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config';
import { createAdmin, type TestUser } from '../modules/ledger/testing';
import { createTestContext, type TestContext } from './app';

/**
 * Registers the calling file's beforeAll (createTestContext(overrides), then createAdmin) and
 * afterAll (closes the context). Answers `t` and `admin` as objects that beforeAll fills in, so
 * read them inside tests and later hooks only, never at the file's top level.
 */
export function useTestContext(overrides: Partial<Config> = {}): { t: TestContext; admin: TestUser } {
  const t = {} as TestContext;
  const admin = {} as TestUser;
  beforeAll(async () => {
    Object.assign(t, await createTestContext(overrides));
    Object.assign(admin, await createAdmin(t.app));
  });
  afterAll(async () => t.close?.());
  return { t, admin };
}
