/**
 * What every contract journey shares: the `Journey` shape, `ask` (inject and expect a status), bearer
 * headers, TOTP codes and two-factor set-up, and the metrics token and witness of the replay's app.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { COSIGNATURE_ED25519, verifierKey } from '@common/transparency/signed-note';
import type { TestUser } from '../factories';
import type { Headers, TestContext, TestMethod } from '../app';

/** A journey: a name and the steps it runs on the shared context, as the given admin. */
export interface Journey {
  name: string;
  run(c: { t: TestContext; admin: TestUser }): Promise<void>;
}

/** `ask(t)(method, url, headers, payload?, status?)`: injects, and expects `status` when given. */
export const ask =
  (t: TestContext) =>
  async (method: TestMethod, url: string, headers: Headers = {}, payload?: unknown, status?: number) => {
    const res = await t.app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined && { payload: payload as object }),
    });
    if (status !== undefined) expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res;
  };
/** The TOTP code for `secret` now, or `offset` seconds from now. */
export const totp = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset });
/** The Authorization header of a session token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** Starts two-factor set-up for `u` (expects 200); answers the authenticator secret and the backup codes it shows. */
export async function startTwoFactor(
  call: ReturnType<typeof ask>,
  u: { headers: Headers; password: string },
) {
  const setup = await call('POST', '/api/auth/two-factor/setup', u.headers, { password: u.password }, 200);
  return {
    secret: new URL(setup.json().totpURI).searchParams.get('secret')!,
    backupCodes: setup.json().backupCodes as string[],
  };
}

/** The metrics token of the replay's app (GET /api/metrics is off without one). */
export const METRICS_TOKEN = 'contract-replay-metrics-token';

/**
 * The witness the replay's app requires (docs/transparency.md "Witnesses"): a fixed test seed, so
 * a journey cosigns the log's checkpoints as the witness command would.
 */
export const CONTRACT_WITNESS = {
  name: 'contract.test/witness',
  seed: Buffer.alloc(32, 7),
};
/** The witness's verifier key, as the app's `transparencyWitnesses` setting takes it. */
export const contractWitnessKey = () =>
  verifierKey(
    CONTRACT_WITNESS.name,
    COSIGNATURE_ED25519,
    bytesToHex(ed25519.getPublicKey(CONTRACT_WITNESS.seed)),
  );
