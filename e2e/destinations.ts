/**
 * Withdrawal destinations for the journeys (docs/security.md "Withdrawal address book"): a client's
 * destination added and confirmed through the API like the e-mailed link does, then past its
 * waiting period by the e2e server's clock hook (test-hooks.ts), so the journey can withdraw to it;
 * and what else a withdrawal needs (an approved identity, a balance, a hold's end).
 */
import { request } from 'node:http';
import type { AddBeneficiaryForm } from '../common/schemas/beneficiaries';
import { HOOKS_SOCKET } from './env';
import { ADMIN, call, PNG_DATA_URL, sendIdentityDocuments, type ReadMail } from './journey';

/** POSTs `body` to the e2e server's test hook `path` (test-hooks.ts); throws unless it answers 2xx. */
export function testHook(path: string, body: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath: HOOKS_SOCKET, path, method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () =>
          (res.statusCode ?? 500) < 300 ? resolve() : reject(new Error(`hook ${path}: ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Moves the address book's clock `hours` forward for the client `email` (their waiting periods pass). */
export const moveBeneficiaryClock = (email: string, hours: number) =>
  testHook('/beneficiary-clock', { email, hours });

/**
 * Moves the clock of the client `email`'s withdrawal holds `hours` forward (a hold after a security
 * change, such as a first sign-in from a new device, ends).
 */
export const moveSecurityHoldClock = (email: string, hours: number) =>
  testHook('/security-hold-clock', { email, hours });

/** The confirmation links already opened, so a second destination waits for its own mail. */
const opened = new Set<string>();

/**
 * Adds `destination` to the address book of the client `email` (session `token`), confirms it with
 * the token of the mailed link, and moves their clock past the waiting period: the destination is
 * active. Answers its id.
 */
export async function addActiveDestination(
  client: { token: string; email: string },
  readMail: ReadMail,
  destination: AddBeneficiaryForm,
): Promise<string> {
  const { data } = (await call('POST', '/beneficiaries', destination, client.token)) as {
    data: { _id: string };
  };
  let link = '';
  const deadline = Date.now() + 10_000;
  while (!link || opened.has(link)) {
    if (Date.now() > deadline) throw new Error(`no confirmation mail for ${destination.label}`);
    const mail = await readMail(client.email, 'Confirm your new withdrawal destination');
    link = /confirm=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    if (!link || opened.has(link)) await new Promise((r) => setTimeout(r, 100));
  }
  opened.add(link);
  await call('POST', '/beneficiaries/confirm', { token: link }, client.token);
  await moveBeneficiaryClock(client.email, 25);
  return data._id;
}

/** The demo owner's session token (signed in once per worker). */
let owner: Promise<string> | undefined;
const ownerToken = () =>
  (owner ??= call('POST', '/auth/signin', ADMIN).then((a) => (a as { token: string }).token));

/**
 * The client `id` (session `token`) sends identity documents and the demo owner approves them:
 * withdrawals need an approved identity.
 */
export async function approveIdentity(client: { token: string; id: string }) {
  await sendIdentityDocuments(client.token);
  await call('PUT', `/user/admin/${client.id}/verification`, { status: 'verified' }, await ownerToken());
}

/**
 * Makes the client `id` (session `token`) able to withdraw `balance` USD: their identity approved
 * (`approveIdentity`) and a deposit of `balance` approved by the demo owner (under the four-eyes
 * threshold).
 */
export async function readyToWithdraw(client: { token: string; id: string }, balance = 100) {
  await approveIdentity(client);
  const deposit = (await call(
    'POST',
    '/deposits',
    { amount: balance, image: PNG_DATA_URL },
    client.token,
  )) as {
    data: { _id: string };
  };
  await call('PUT', `/deposits/${deposit.data._id}/approve`, undefined, await ownerToken());
}
