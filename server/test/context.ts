/**
 * The usual setup of an API test file in one call: a fresh test context (server/test/app.ts) and an
 * admin signed in on it, created before the file's tests and closed after them.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config';
import { createAdmin, type TestUser } from './factories';
import { createTestContext, injector, type TestContext } from './app';

/**
 * Registers a beforeAll (createTestContext(overrides)) and an afterAll (closes the context) in the
 * calling file or describe block, with no users. Answers `t` as an object that beforeAll fills in,
 * so read it inside tests and later hooks only.
 */
export function useBareTestContext(overrides: Partial<Config> = {}): TestContext {
  const t = {} as TestContext;
  beforeAll(async () => {
    Object.assign(t, await createTestContext(overrides));
  });
  afterAll(async () => t.close?.());
  return t;
}

/**
 * Registers a beforeAll, run after the ones registered before it, that fills the answered object
 * with what `make` answers (a user made on a context from useTestContext, say). Read it inside
 * tests and later hooks only.
 */
export function useBefore<T extends object>(make: () => Promise<T>): T {
  const value = {} as T;
  beforeAll(async () => {
    Object.assign(value, await make());
  });
  return value;
}

/**
 * Registers the calling file's beforeAll (createTestContext(overrides), then createAdmin) and
 * afterAll (closes the context). Answers `t` and `admin` as objects that beforeAll fills in, so
 * read them inside tests and later hooks only, never at the file's top level; with them `inject`
 * (server/test/app.ts's injector on `t`) and `db()`, the context's Drizzle handle.
 */
export function useTestContext(overrides: Partial<Config> = {}) {
  const t = useBareTestContext(overrides);
  const admin: TestUser = useBefore(() => createAdmin(t.app));
  return { t, admin, inject: injector(() => t), db: () => t.database.db };
}
