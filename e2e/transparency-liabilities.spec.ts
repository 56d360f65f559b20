/**
 * The proof of liabilities bound to the client, in the browser (docs/transparency.md "Proof of
 * liabilities"): the account home's card turns green only when the proof is the client's, for the
 * latest snapshot, sealed in the journal, and adds up to the client's balance. A client holds $1.00
 * when the snapshot is taken and $726.65 after a later deposit (sealed since the cut). The proof's
 * answer is altered on its way to the page (page.route stands for a lying operator, as in
 * transparency-display.spec.ts): another client's leaves, the change since the cut hidden (the
 * understated snapshot: "published $1.00, balance $726.65"), a snapshot that is not the latest
 * (a shadow tree), the client left out. Each shows a red alert saying what failed; the honest
 * answer is green. axe on each state; screenshots into SHOTS_DIR when it is set.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { LiabilitiesProof } from '@common/schemas/liabilities';
import { LIABILITIES_CHECK_MSG } from '@common/transparency/liabilities-check';
import { BASE_URL } from './env';
import { expect, test } from './fixtures';
import { ADMIN, call, checkPageState, newClientSignUp, signIn, signUpVerified, type SignUp } from './journey';

const SHOTS_DIR = process.env.SHOTS_DIR;
const PROOF = '**/api/transparency/liabilities/proof**';

interface Client {
  signUp: SignUp;
  token: string;
}

let setup: Promise<{ alice: Client; bob: Client }> | undefined;

/** The client's proof under the latest head, as the API answers it. */
async function proofOf(token: string, url = `${BASE_URL}/api/transparency/liabilities/proof`) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as LiabilitiesProof;
}

/**
 * Once for the file: Alice ($1.00) and Bob ($100.00), a snapshot taken, then Alice's deposit of
 * $725.65; waits until the snapshot's record and the deposit are sealed (the server seals every second).
 */
function prepare(readMail: Parameters<typeof signUpVerified>[0]) {
  setup ??= (async () => {
    const { token: adminToken } = (await call('POST', '/auth/signin', ADMIN)) as { token: string };
    const clients: Client[] = [];
    for (const [name, amount] of [
      ['Alice', 1],
      ['Bob', 100],
    ] as const) {
      const signUp = newClientSignUp(name, 'Owed', `liabilities-${name.toLowerCase()}`);
      const { id, token } = await signUpVerified(readMail, signUp);
      await call(
        'POST',
        `/transaction/${id}`,
        { amount, transactionType: 'deposit', details: 'Wire' },
        adminToken,
      );
      clients.push({ signUp, token });
    }
    await call('POST', '/transparency/liabilities', {}, adminToken);
    const [alice, bob] = clients as [Client, Client];
    const me = (await call('GET', '/auth/user', undefined, alice.token)) as { data: { _id: string } };
    await call(
      'POST',
      `/transaction/${me.data._id}`,
      { amount: 725.65, transactionType: 'deposit', details: 'Wire' },
      adminToken,
    );
    await expect
      .poll(
        async () => {
          const proof = await proofOf(alice.token);
          return (
            proof.snapshotSeal !== null &&
            proof.sinceCut.length === 1 &&
            proof.sinceCut[0]!.leafIndex !== null
          );
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    return { alice, bob };
  })();
  return setup;
}

/** Serves the proof with `edit` applied, as an operator answering something else would. */
async function alterProof(
  page: Page,
  edit: (proof: LiabilitiesProof, url: string) => Promise<LiabilitiesProof>,
) {
  await page.route(PROOF, async (route) => {
    const response = await route.fetch();
    const proof = (await response.json()) as LiabilitiesProof;
    await route.fulfill({ response, json: await edit(proof, route.request().url()) });
  });
}

/** Opens the account home and expects the card to say `text`; axe, and screenshots at both widths. */
async function expectCard(page: Page, text: string, shot: string, red: boolean) {
  await page.goto('/account/home');
  const card = page.getByRole('region', { name: 'Proof of liabilities' });
  const ready = async () => {
    await expect(card).toContainText(text);
    await expect(card.getByRole('alert')).toHaveCount(red ? 1 : 0);
  };
  await ready();
  if (SHOTS_DIR) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
      await ready();
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS_DIR}/liabilities-${shot}-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await checkPageState(page, `the liabilities card: ${shot}`, ready);
}

test.describe.configure({ mode: 'serial' });

test('the honest proof is green: the client’s balance at the snapshot, in the published total', async ({
  page,
  readMail,
}) => {
  const { alice } = await prepare(readMail);
  await signIn(page, alice.signUp);
  await expectCard(
    page,
    'Your account value of $1.00 is included in the published total of',
    'honest',
    false,
  );
});

test("another client's leaves: red, the proof is for another account", async ({ page, readMail }) => {
  const { alice, bob } = await prepare(readMail);
  await signIn(page, alice.signUp);
  await alterProof(page, async (proof, url) => ({
    ...proof,
    leaves: (await proofOf(bob.token, url)).leaves,
  }));
  await expectCard(page, LIABILITIES_CHECK_MSG.otherAccount, 'other-account', true);
});

test('an understated snapshot (the change since it hidden): red, published $1.00, balance $726.65', async ({
  page,
  readMail,
}) => {
  const { alice } = await prepare(readMail);
  await signIn(page, alice.signUp);
  await alterProof(page, async (proof) => ({ ...proof, sinceCut: [] }));
  await expectCard(
    page,
    'The published total for you is $1.00, your account value at that time was $726.65.',
    'understated',
    true,
  );
});

test('a shadow snapshot (not the latest published one): red', async ({ page, readMail }) => {
  const { alice } = await prepare(readMail);
  await signIn(page, alice.signUp);
  await alterProof(page, async (proof) => ({
    ...proof,
    snapshot: { ...proof.snapshot, snapshotId: randomUUID() },
  }));
  await expectCard(page, LIABILITIES_CHECK_MSG.notLatest, 'shadow', true);
});

test('the client left out of the snapshot: red, missing, with what to do', async ({ page, readMail }) => {
  const { alice } = await prepare(readMail);
  await signIn(page, alice.signUp);
  await alterProof(page, async (proof) => ({
    ...proof,
    included: false,
    leaves: [],
    totalAtCut: 0,
    totalAtCutCents: '0',
  }));
  await expectCard(page, 'You are missing from the latest proof of liabilities', 'missing', true);
  await expect(page.getByRole('region', { name: 'Proof of liabilities' })).toContainText('contact support');
});
