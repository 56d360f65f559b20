/**
 * E-mail rendering (docs/operations.md "Mail"). Every e-mail is a Handlebars template of its body
 * (`mailTemplate`; `{{summaryBox rows}}` and `{{button label siteUrl path}}` draw a box of facts and
 * a link as a button), wrapped in one layout with a header band of the operator's brand, a greeting and sign-off, the
 * support address and a link to the site, and, by kind:
 * - `money`: the risk warning (a mail about deposits, withdrawals, balances, plans or results);
 * - `staff-written`: text a staff member typed, with a line on how to stop such mails and a
 *   `List-Unsubscribe` header (RFC 2369) to the support address;
 * - `account`: neither (codes, security notices, identity checks).
 * The HTML part is escaped by Handlebars (`{{…}}`; the layout inserts only the rendered body raw);
 * the plain-text part is converted from the same HTML by html-to-text, so the two never drift. Most
 * of the layout is the same for every mail of a brand and kind: its text is converted once per
 * (brand, kind) and each mail converts only its greeting and body (docs/performance.md "The API's
 * CPU"); mail-templates.test.ts holds the result equal to converting the whole document.
 */
import { randomUUID } from 'node:crypto';
import Handlebars from 'handlebars';
import { compile } from 'html-to-text';
import type { StoredMailMessage } from '../db/schema';

/** Who sends: from config (BRAND_NAME, SUPPORT_EMAIL, RISK_WARNING, PUBLIC_URL). */
export interface MailBrand {
  name: string;
  supportEmail: string;
  riskWarning: string;
  /** The site's origin, without a trailing slash. */
  siteUrl: string;
}

export type MailKind = 'account' | 'money' | 'staff-written';
export type MailTemplate = Handlebars.TemplateDelegate;

/** An e-mail before rendering: what each domain module builds. */
export interface MailMessage {
  to: string;
  /** Subject line, without the brand (the sender's name carries it). */
  subject: string;
  /** The body's template; it sees `data` plus `brand`. */
  body: MailTemplate;
  data?: Record<string, unknown>;
  /** The recipient's first name for the greeting; absent → "Hello,". */
  name?: string | null;
  /** Default `account`. */
  kind?: MailKind;
}

/** A rendered e-mail, as the outbox stores and sends it. */
export interface RenderedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe on staff-written mails). */
  headers?: Record<string, string>;
}

const hbs = Handlebars.create();

/** Escapes the five characters that matter in HTML text and attributes (OWASP XSS prevention, rule 1). */
function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Escapes `s`, then makes each http(s) address a link (trailing punctuation stays outside it). */
function linkify(s: string): string {
  return escapeHtml(s).replace(/\bhttps?:\/\/[^\s<>"]+/g, (url) => {
    const [, href, tail] = /^(.*?)([.,;:!?)]*)$/.exec(url)!;
    return `<a href="${href}">${href}</a>${tail}`;
  });
}

/**
 * `{{paragraphs text}}`: free text (a notice, a staff member's message) as HTML paragraphs: blank
 * lines split paragraphs, single line breaks become <br>, everything is escaped and only http(s)
 * addresses become links.
 */
hbs.registerHelper('paragraphs', (text: unknown) => {
  const blocks = String(text ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return new hbs.SafeString(blocks.map((p) => `<p>${linkify(p).replace(/\n/g, '<br>')}</p>`).join('\n'));
});

/** `{{#if (eq a b)}}`: whether two values are the same. */
hbs.registerHelper('eq', (a: unknown, b: unknown) => a === b);

/** Named body templates (`mailTemplate(source, name)`), by name. */
const named = new Map<string, MailTemplate>();
/** The name of each named template. */
const names = new WeakMap<MailTemplate, string>();

/**
 * Compiles a body template (strict: a missing value throws instead of rendering blank). A `name`
 * lets a mail with this body be stored unrendered and rendered by the mail worker
 * (`storedMessage`, `renderStored`); names are unique and must stay stable across releases, as
 * stored mails refer to them. Throws on a second template with the same name.
 */
export function mailTemplate(source: string, name?: string): MailTemplate {
  const template = hbs.compile(source, { strict: true });
  if (name !== undefined) {
    if (named.has(name)) throw new Error(`two mail templates are named ${name}`);
    named.set(name, template);
    names.set(template, name);
  }
  return template;
}

/** One line of a mail's summary box: what it is and its value (an amount, a reason, a reference). */
export interface MailSummaryRow {
  label: string;
  value: string;
}

const BOX_STYLE =
  'background:#f8f9fa;border:1px solid #dee2e6;border-radius:6px;padding:8px 16px;margin:16px 0';
/**
 * `{{summaryBox rows}}`: the facts of a mail (amount, reason, reference) in a box, one
 * "Label: value" line each (so the text part reads the same); nothing when there are none.
 */
hbs.registerHelper('summaryBox', (rows: unknown) => {
  const list = Array.isArray(rows) ? (rows as MailSummaryRow[]) : [];
  if (list.length === 0) return '';
  const lines = list.map(
    (r) => `<p style="margin:4px 0"><strong>${escapeHtml(r.label)}:</strong> ${escapeHtml(r.value)}</p>`,
  );
  return new hbs.SafeString(`<div style="${BOX_STYLE}">\n${lines.join('\n')}\n</div>`);
});

const BUTTON_STYLE =
  'display:inline-block;background:#1864ab;color:#ffffff;text-decoration:none;font-weight:bold;padding:10px 20px;border-radius:6px';
/** `{{button label siteUrl path}}`: a link to a page of the site drawn as a button ("label [address]" in text). */
hbs.registerHelper(
  'button',
  (label: unknown, siteUrl: unknown, path: unknown) =>
    new hbs.SafeString(
      `<p style="margin:20px 0"><a href="${escapeHtml(`${String(siteUrl)}${String(path)}`)}" style="${BUTTON_STYLE}">${escapeHtml(String(label))}</a></p>`,
    ),
);

const CODE_STYLE = 'font-size:24px;letter-spacing:4px;font-weight:bold;margin:16px 0';
/** `{{bigCode x}}`: a one-time code, large and spaced in HTML, on its own line in text. */
hbs.registerHelper(
  'bigCode',
  (code: unknown) => new hbs.SafeString(`<p style="${CODE_STYLE}">${escapeHtml(String(code))}</p>`),
);

const layout = mailTemplate(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{{subject}}</title></head>
<body style="margin:0;padding:0;background:#f1f3f5">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">
<h1 style="font-size:20px;margin:0 0 16px;padding:12px 24px;background:#1864ab;color:#ffffff;border-radius:8px">{{brand.name}}</h1>
<div style="background:#ffffff;border-radius:8px;padding:8px 24px">
{{{main}}}
<p>Kind regards,<br>The {{brand.name}} team</p>
</div>
<div style="font-size:12px;color:#495057;padding:8px">
<p>Questions? Write to <a href="mailto:{{brand.supportEmail}}">{{brand.supportEmail}}</a> or reply to this e-mail. Your account: <a href="{{brand.siteUrl}}">{{brand.siteUrl}}</a>. We never ask for your password or a code by e-mail or phone.</p>
{{#if money}}<p><strong>Risk warning:</strong> {{brand.riskWarning}}</p>{{/if}}
{{#if staffWritten}}<p>You receive this message because you have an account with {{brand.name}}. To receive no more messages like it, write to {{brand.supportEmail}} with the subject "unsubscribe".</p>{{/if}}
</div>
</div>
</body></html>`);

/** The part of the layout that changes with every mail: the greeting and the rendered body. */
const greetingAndBody = mailTemplate(`<p>{{#if name}}Hello {{name}},{{else}}Hello,{{/if}}</p>
{{{body}}}`);

/**
 * HTML to plain text (html-to-text): one line per paragraph (mail clients wrap), headings as
 * written, links as "text [address]". Compiled once: `convert` would rebuild its options on every
 * mail (0.44 ms a mail, measured, on the transaction of every notice; compiled, 0.06 ms).
 */
const toText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
  ],
});

/**
 * A mail's whole HTML document as plain text, the way every text part is defined: html-to-text over
 * the whole document, trimmed. `renderMail` gets the same text by converting only the greeting and
 * body per mail (see `layoutText`); mail-templates.test.ts checks the two agree for every kind.
 */
export function mailText(html: string): string {
  return toText(html).trim();
}

/** Stands for the greeting and body while the layout's text is converted; no brand can hold it. */
const MARK = `mail-part-${randomUUID()}`;

/** The layout's text before the greeting (trimmed at the start) and after the body (from "Kind regards"). */
interface LayoutText {
  before: string;
  after: string;
}

/** Converted layouts, per brand object (app.ts builds one per process) and kind. */
const layoutTexts = new WeakMap<MailBrand, Partial<Record<MailKind, LayoutText>>>();

/** What the layout shows by kind (the risk warning, the unsubscribe line). */
const kindFlags = (kind: MailKind) => ({ money: kind === 'money', staffWritten: kind === 'staff-written' });

/**
 * The layout's text around its greeting and body, for `brand` and `kind`, converted once: the layout
 * with one paragraph holding MARK where the greeting and body go. The subject sits in the <title>,
 * which html-to-text leaves out (it converts the <body>), so one conversion serves every subject.
 * html-to-text puts between two blocks the larger of the first's trailing and the second's leading
 * line breaks, whatever encloses them; the greeting is a paragraph like MARK's, so `before` ends
 * with the right break, and the break after the body comes from the mail's own conversion (the body
 * followed by a paragraph, like "Kind regards"), so `after` starts at its text.
 */
function layoutText(brand: MailBrand, kind: MailKind): LayoutText {
  let byKind = layoutTexts.get(brand);
  if (!byKind) layoutTexts.set(brand, (byKind = {}));
  const known = byKind[kind];
  if (known) return known;
  const whole = toText(layout({ subject: '', brand, main: `<p>${MARK}</p>`, ...kindFlags(kind) }));
  const [before, after, ...more] = whole.split(MARK);
  if (after === undefined || more.length) throw new Error('the mail layout lost its body marker');
  return (byKind[kind] = { before: before!.trimStart(), after: after.replace(/^\n+/, '').trimEnd() });
}

/**
 * The text of the greeting and body `main`, with the line breaks that follow the body before the
 * layout's next paragraph: converted followed by a paragraph (MARK), as in the layout.
 */
function mainText(main: string): string {
  const text = toText(`${main}\n<p>${MARK}</p>`);
  if (!text.endsWith(MARK)) throw new Error('a mail body swallowed the paragraph after it');
  return text.slice(0, -MARK.length);
}

/**
 * Renders `msg` with `brand`: the HTML and plain-text parts and the headers of its kind. The text is
 * `mailText(html)`, built from the layout's text (once per brand and kind) and this mail's greeting
 * and body. Throws when the body's template misses a value (strict templates).
 */
export function renderMail(brand: MailBrand, msg: MailMessage): RenderedMail {
  const kind = msg.kind ?? 'account';
  const main = greetingAndBody({ name: msg.name ?? null, body: msg.body({ ...msg.data, brand }) });
  const html = layout({ subject: msg.subject, main, brand, ...kindFlags(kind) });
  const { before, after } = layoutText(brand, kind);
  return {
    to: msg.to,
    subject: msg.subject,
    html,
    text: before + mainText(main) + after,
    ...(kind === 'staff-written' && {
      headers: { 'List-Unsubscribe': `<mailto:${brand.supportEmail}?subject=unsubscribe>` },
    }),
  };
}

/**
 * `msg` as the outbox may store it unrendered (`mail_outbox.message`), or null when its body
 * template has no name (such a mail is rendered when it is stored). Its data must survive JSON
 * (strings and numbers: what every mail's data is).
 */
export function storedMessage(msg: MailMessage): StoredMailMessage | null {
  const template = names.get(msg.body);
  return template === undefined
    ? null
    : { template, data: msg.data ?? {}, name: msg.name ?? null, kind: msg.kind ?? 'account' };
}

/**
 * Renders a mail stored unrendered (`storedMessage`) as `renderMail` renders it. Throws when no
 * template has its name (a release that dropped a template with mail still queued) or the template
 * misses a value.
 */
export function renderStored(
  brand: MailBrand,
  mail: { to: string; subject: string; message: StoredMailMessage },
): RenderedMail {
  const body = named.get(mail.message.template);
  if (!body) throw new Error(`no mail template is named ${mail.message.template}`);
  const { data, name, kind } = mail.message;
  return renderMail(brand, { to: mail.to, subject: mail.subject, body, data, name, kind });
}
