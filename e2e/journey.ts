/**
 * Helpers the signed-in journeys share: the demo staff, JSON calls to the API without a browser, a
 * second offline browser, signing in through the forms, a new verified client (signed up and
 * confirmed through the API with the e-mailed code) and their identity documents, and the axe
 * checks at desktop and phone widths.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { ERRORS, type ErrorCode } from '../common/errors';
import { APPROVAL_MSG } from '../common/messages';
import { axeViolations } from './axe';
import { BASE_URL } from './env';
import { codeIn, expect } from './fixtures';

/** The demo admin (seeded by the e2e server). */
export const ADMIN = { email: 'admin@demo.test', password: 'Admin#2026demo' };

/** The demo staff of the other roles (server/demo-data.ts). */
export const STAFF = {
  finance: { email: 'finance@demo.test', password: 'Finance#2026demo' },
  compliance: { email: 'compliance@demo.test', password: 'Comply#2026demo' },
  support: { email: 'support@demo.test', password: 'Support#2026demo' },
};

/** A real 1×1 PNG, as the data URL an upload sends. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The fixtures' `readMail`: the newest mail to an address. */
export type ReadMail = (
  to: string,
  subject?: string,
) => Promise<{ to: string; subject: string; text: string }>;

/**
 * A JSON call to the API as a browser-less client (no cookies, so no XSRF pair is needed); answers
 * the parsed body and throws with the status and body when the answer is not 2xx.
 */
export async function call(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Approves, as `checker` (the demo finance member by default: a staff member other than the maker),
 * a money action the API held for four-eyes approval: `answer` is the route's 202
 * `{ message, data: approval request }`. Throws when the action was not held or the approval fails.
 */
export async function approveHeld(answer: Record<string, unknown>, checker = STAFF.finance) {
  const request = answer.data as { _id?: string } | undefined;
  if (answer.message !== APPROVAL_MSG.sentForApproval || !request?._id) {
    throw new Error(`not held for approval: ${JSON.stringify(answer)}`);
  }
  const { token } = (await call('POST', '/auth/signin', checker)) as { token: string };
  return call('POST', `/approvals/${request._id}/approve`, undefined, token);
}

/**
 * `answer` of a money route as it stands once done: when the API held it for four-eyes approval
 * (202), approved by `checker` first (approveHeld); otherwise `answer` itself.
 */
export async function doneEvenIfHeld(answer: Record<string, unknown>, checker = STAFF.finance) {
  return answer.message === APPROVAL_MSG.sentForApproval ? approveHeld(answer, checker) : answer;
}

/**
 * A browser context of its own (own session and storage), offline like the `context` fixture:
 * every request to another origin than `options.baseURL` (this worker's server by default, or an
 * own app's, e2e/own-app.ts) is refused.
 */
export async function newOfflineContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const origin = options.baseURL ?? BASE_URL;
  const context = await browser.newContext({ ...options, baseURL: origin });
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('blockedbyclient'),
  );
  return context;
}

/** A page in a browser of its own (see newOfflineContext), 1280 × 900. */
export async function newBrowserPage(browser: Browser): Promise<Page> {
  const context = await newOfflineContext(browser, { viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/**
 * Fills and sends the form on /signin (or /admin/login) without waiting for where it leads (the
 * account home, the users list or /two-factor).
 */
export async function submitSignIn(
  page: Page,
  { email, password }: { email: string; password: string },
  asAdmin = false,
) {
  await page.goto(asAdmin ? '/admin/login' : '/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(sign in|login)$/i }).click();
}

/** Signs in through /signin (or /admin/login) and waits for the account home (or the users list). */
export async function signIn(page: Page, credentials: { email: string; password: string }, asAdmin = false) {
  await submitSignIn(page, credentials, asAdmin);
  await expect(page).toHaveURL(asAdmin ? /\/admin\/users$/ : /\/account\/home$/);
}

/** The sign-up form's fields (see common/schemas/auth.ts). */
export interface SignUp {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  gender: 'male' | 'female' | 'other';
  country: string;
}

/**
 * A new client's sign-up: the given name, a fresh e-mail address starting with `tag`, and a
 * United States phone and a journey password.
 */
export function newClientSignUp(firstName: string, lastName: string, tag: string): SignUp {
  const email = `${tag}.${Date.now().toString(36)}@example.com`;
  const contact = { phone: '+1 555 0188', country: 'United States' };
  return { firstName, lastName, email, ...contact, password: 'Journey#2026pass', gender: 'other' };
}

/**
 * Fills the form on the open /signup page with `form`, all but the password confirmation (the
 * gender radio by its shown name, the country picked from the combobox's options).
 */
export async function fillSignUpForm(page: Page, form: SignUp): Promise<void> {
  await page.getByLabel('First name').fill(form.firstName);
  await page.getByLabel('Last name').fill(form.lastName);
  await page.getByLabel('Email').fill(form.email);
  await page.getByLabel('Phone number').fill(form.phone);
  const gender = form.gender.charAt(0).toUpperCase() + form.gender.slice(1);
  await page.getByRole('radio', { name: gender, exact: true }).check();
  await page.getByRole('combobox', { name: 'Country' }).fill(form.country);
  await page.getByRole('option', { name: form.country }).click();
  await page.getByLabel('Password', { exact: true }).fill(form.password);
  await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
}

/** On /email-verification: types the e-mailed code of `email` and waits for /account/home. */
export async function typeEmailCode(page: Page, readMail: ReadMail, email: string) {
  await expect(page).toHaveURL(/\/email-verification$/);
  await page.getByRole('textbox', { name: /digit 1 of 6/ }).click();
  await page.keyboard.type(codeIn(await readMail(email)));
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page).toHaveURL(/\/account\/home$/);
}

/**
 * From /signin to the account home of a client not yet verified: signs in with the form already
 * open, types the e-mailed code on /email-verification and waits for /account/home.
 */
export async function signInAndVerify(page: Page, readMail: ReadMail, { email, password }: SignUp) {
  // the URL changes before the sign-in page has replaced the one before (its code loads first):
  // typing earlier could fill the old page's Email field
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await typeEmailCode(page, readMail, email);
}

/** POST /auth/signup with `signUp`, the consent box ticked as the form requires; throws if refused. */
export function signUpByApi(signUp: SignUp) {
  return call('POST', '/auth/signup', { ...signUp, acceptTerms: true });
}

/**
 * Signs a client up through the API, signs in and confirms the e-mailed code: a verified client.
 * Answers their bearer token and user id; throws if any call fails.
 */
export async function signUpVerified(readMail: ReadMail, signUp: SignUp) {
  await signUpByApi(signUp);
  const { token, user } = (await call('POST', '/auth/signin', {
    email: signUp.email,
    password: signUp.password,
  })) as { token: string; user: { _id: string } };
  await call('POST', '/auth/verify-email', { otp: codeIn(await readMail(signUp.email)) }, token);
  return { token, id: user._id };
}

/** The client of `token` sends identity documents (a passport, both sides): their KYC is then pending. */
export async function sendIdentityDocuments(token: string) {
  await call(
    'POST',
    '/user/verification',
    {
      documentType: 'passport',
      address: '1 Main St',
      state: 'Ohio',
      documentFront: PNG_DATA_URL,
      documentBack: PNG_DATA_URL,
    },
    token,
  );
}

/**
 * No serious or critical axe violations on the page at rest: the pointer moved off it first, and
 * its finite animations and transitions ended (a toast fading in or out, a menu opening; endless
 * ones such as a spinner are left running). Judged again until it holds (for up to a minute),
 * since a transition can start during a check (a toast closing on its timer is half transparent,
 * which axe reads as low contrast); a violation of the page at rest fails every time.
 * `tags`: run only the rules of these axe tags (e.g. `wcag22aa`, whose target-size rule axe leaves
 * off by default); without, axe's default rules.
 */
export async function expectNoSeriousViolations(page: Page, what?: string, tags?: string[]) {
  // judge the page at rest: the pointer off any link or button it last clicked (hover colours)
  await page.mouse.move(0, 0);
  const serious = async () => {
    await page.evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 5_000)),
      ]),
    );
    return (await axeViolations(page, tags))
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.targets.join(', ')}`);
  };
  // one check on a long page at 375 px can take seconds on a busy runner: a wide budget, which
  // only a page that stays in violation uses up
  await expect.poll(serious, { message: what, intervals: [250], timeout: 60_000 }).toEqual([]);
}

/**
 * Shows a list's filters: under 768 px they sit behind a "Filters" button (FilterPanel), which this
 * opens when closed. `field` is one of the filters: it or the button shows first, whichever width.
 */
export async function showFilters(page: Page, field: Locator) {
  const button = page.getByRole('button', { name: /^Filters( \(\d+\))?$/ });
  await expect(field.or(button).first()).toBeVisible();
  if ((await button.count()) > 0 && (await button.getAttribute('aria-expanded')) === 'false')
    await button.click();
  await expect(field).toBeVisible();
}

/** Runs `each` at desktop (1280 × 900) and then phone (375 × 800) size, then goes back to 1280 × 900. */
async function atBothWidths(page: Page, each: (width: number) => Promise<void>) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await each(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * axe at desktop (1280 px) and phone (375 px) widths, `ready` awaited after each resize, then back
 * to 1280 × 900 (`tags` as in expectNoSeriousViolations).
 */
export async function checkBothWidths(page: Page, what: string, ready: () => Promise<void>, tags?: string[]) {
  await atBothWidths(page, async (width) => {
    await ready();
    await expectNoSeriousViolations(page, `${what} at ${width} px`, tags);
  });
}

/**
 * axe on a state a journey brings a page to (a list with its rows, a dialog open, a form's errors,
 * a notice), once, at the page's current size, `ready` awaited first (`tags` as in
 * expectNoSeriousViolations). Each state is judged once: the route sweep (a11y-routes.spec.ts,
 * checkBothWidths) judges every route at rest at both 1280 and 375 px, so the layouts of both
 * widths are covered there, and a journey that needs a state at phone width sets that size first.
 */
export async function checkPageState(page: Page, what: string, ready: () => Promise<void>, tags?: string[]) {
  await ready();
  await expectNoSeriousViolations(page, what, tags);
}

/**
 * When SHOTS_DIR is set (for a person to look at): full-page screenshots `<name>-1280.png` and
 * `<name>-375.png` in it, `ready` awaited after each resize; else nothing.
 */
export async function shootBothWidths(page: Page, name: string, ready: () => Promise<void>) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await atBothWidths(page, async (width) => {
    await ready();
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  });
}

/**
 * Sends a form once with its confirmation field `confirmLabel` not matching `password` and expects
 * "Passwords do not match" (nothing is sent), then fills the confirmation with `password` and sends
 * it again with the button named `submit`.
 */
export async function submitAfterMismatch(
  page: Page,
  { confirmLabel, password, submit }: { confirmLabel: string; password: string; submit: string },
): Promise<void> {
  await page.getByLabel(confirmLabel).fill(`${password}-other`);
  await page.getByRole('button', { name: submit }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel(confirmLabel).fill(password);
  await page.getByRole('button', { name: submit }).click();
}

/**
 * Types into several labelled fields in one task, as a fast hand or an autofill would: each gets
 * its value and an `input` event before the page can re-render, so a handler that reads state from
 * its own render sees none of the earlier changes. `values` maps a field's label to its new value.
 */
export async function fillAtOnce(page: Page, values: Record<string, string>): Promise<void> {
  await page.evaluate((entries) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const [label, value] of entries) {
      const field = [...document.querySelectorAll('label')].find((l) => l.textContent === label)?.control;
      if (!(field instanceof HTMLInputElement)) throw new Error(`no field labelled ${label}`);
      setValue.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, Object.entries(values));
}

/**
 * Fails when the page stays wider than the window (something forces a sideways scroll) or, with
 * `boxes`, when a scroll box inside it hides content sideways (a table wider than its card); a tab
 * bar, one row that scrolls sideways by design, is not such a box.
 * Polled: a page just resized or just opened may lay out once more (a chart or a grid measuring
 * its new width) before it rests, and only the page at rest is judged.
 */
export async function expectNoSidewaysScroll(page: Page, what: string, { boxes = false } = {}) {
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      { message: `${what} scrolls sideways (page width beyond the window, px)` },
    )
    .toBeLessThanOrEqual(1);
  if (!boxes) return;
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('body *')]
            // a tab bar is one row that scrolls sideways on purpose (its open tab kept in view)
            .filter((el) => {
              const { overflowX } = getComputedStyle(el);
              const scrolls = overflowX === 'auto' || overflowX === 'scroll';
              return scrolls && el.scrollWidth > el.clientWidth + 1 && el.getAttribute('role') !== 'tablist';
            })
            .map((el) => `${el.tagName.toLowerCase()}[${el.getAttribute('aria-label') ?? el.className}]`),
        ),
      { message: `${what} hides content in a sideways scroll` },
    )
    .toEqual([]);
}

/**
 * The error answer the server gives for `code` (common/errors.ts), as `route.fulfill` options: for
 * journeys that stand in for a server's refusal, so the page meets exactly what it would.
 */
export function errorAnswer(code: ErrorCode): { status: number; json: { code: ErrorCode; message: string } } {
  return { status: ERRORS[code].status, json: { code, message: ERRORS[code].message } };
}
