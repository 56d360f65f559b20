/**
 * Draws a statement as a PDF with pdfkit (docs/transparency.md "Signed statements"), in memory: a
 * statement holds at most STATEMENT_MAX_LINES lines (about 100 pages, under 1 MB, when descriptions
 * are short; a long one wraps over several lines, never cut), and the signature covers the whole
 * file, full descriptions included, so it is built whole before it is signed
 * (statement-signature.ts).
 *
 * The same statement draws the same bytes: the document's creation date is the statement's issue
 * time, the file id pdfkit derives from its info, the fonts are the PDF standard ones (nothing
 * embedded), and deflate is deterministic. Besides the pages, the document info carries the
 * statement's manifest (`StatementManifest`) under the key `NWStatement`, base64url JSON, so the
 * verify route can say which statement a signed file is without reading its pages.
 *
 * Dates are written for people ("30 Nov 2026", "30 Nov 2026, 14:05 UTC": common/dates.ts). A period
 * not over when the statement is issued (the current month) states its balance "as of" the issue
 * time, never a closing balance for a day that has not ended.
 */
import PDFDocument from 'pdfkit';
import { formatDay, formatPeriod, formatUtcDateTime, isOpenPeriod } from '@common/dates';
import type { StatementData } from './statement-data';
import { formatUsd } from '../../lib/money';

/** The signed tree head a statement names, as published by GET /api/transparency/tree-head. */
export interface StatementTreeHead {
  size: number;
  rootHash: string;
  /** ISO 8601. */
  timestamp: string;
}

/** What the verify route reads back from a signed statement (amounts in cents as text). */
export interface StatementManifest {
  v: 1;
  /** The client's name, masked (J*** D***). */
  client: string;
  from: string;
  to: string;
  openingBalanceCents: string;
  closingBalanceCents: string;
  lines: number;
  /** ISO 8601. */
  issuedAt: string;
  treeHead: StatementTreeHead | null;
  /** Lines (and earlier entries behind the opening balance) not yet in the tree head. */
  unsealed: number;
  /** Fingerprint of the key that signs the file (hex SHA-256 of the public key). */
  keyFingerprint: string;
}

/** Everything a statement's pages show beside the ledger's figures. */
export interface StatementHeader {
  brandName: string;
  /** Where a client checks the file: the public /transparency page. */
  verifyUrl: string;
  clientName: string;
  clientEmail: string;
  issuedAt: Date;
}

/** The info key of the manifest. */
export const MANIFEST_KEY = 'NWStatement';

const MARGIN = 48;
const ROW = 15;
const COLS = { date: 0, description: 78, amount: 330, balance: 420 } as const;
const AMOUNT_WIDTH = 80;
/** The description column's width (points): a longer description wraps over several lines. */
const DESCRIPTION_WIDTH = COLS.amount - COLS.description - 10;

/** "J*** D***": the first letter of each part of a name, then three asterisks. */
export function maskName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts.length ? parts.map((p) => `${[...p][0]}***`).join(' ') : '***';
}

/** "$1,234.56", a debit "-$100.00". */
const money = (cents: bigint) => (cents < 0n ? `-$${formatUsd(-cents)}` : `$${formatUsd(cents)}`);

/** "Closing balance on 31 Oct 2026", or for a period not over yet "Balance as of 30 Nov 2026, 14:05 UTC". */
function closingLabel(data: StatementData, issuedAt: Date): string {
  return isOpenPeriod(data.to, issuedAt)
    ? `Balance as of ${formatUtcDateTime(issuedAt)}`
    : `Closing balance on ${formatDay(data.to)}`;
}

/** The PDF of `data` (its pages) with `manifest` in its info, as bytes (not yet signed). */
export function renderStatementPdf(
  data: StatementData,
  header: StatementHeader,
  manifest: StatementManifest,
): Promise<Buffer> {
  const info: PDFKit.DocumentInfo & Record<typeof MANIFEST_KEY, string> = {
    Title: `Account statement ${formatPeriod(data.from, data.to)}`,
    Author: header.brandName,
    Subject: `Statement of ${manifest.client}`,
    Creator: header.brandName,
    Producer: 'PDFKit',
    CreationDate: header.issuedAt,
    [MANIFEST_KEY]: Buffer.from(JSON.stringify(manifest)).toString('base64url'),
  };
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info, bufferPages: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawHead(doc, data, header, manifest);
  drawLines(doc, data, header.issuedAt);
  drawFoot(doc, data, header, manifest);
  numberPages(doc, data);
  doc.end();
  return done;
}

/** "Statement 1 Oct 2026 to 31 Oct 2026 · page 1 of 3" at the foot of every page. */
function numberPages(doc: PDFKit.PDFDocument, data: StatementData) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // text in the margin must not open a new page
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(
        `Statement ${formatPeriod(data.from, data.to)} · page ${i + 1} of ${count}`,
        MARGIN,
        doc.page.height - 30,
        {
          width: doc.page.width - 2 * MARGIN,
          align: 'center',
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('black');
}

function drawHead(
  doc: PDFKit.PDFDocument,
  data: StatementData,
  header: StatementHeader,
  manifest: StatementManifest,
) {
  doc.font('Helvetica-Bold').fontSize(16).text(header.brandName);
  doc.fontSize(13).text('Account statement');
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(`Client: ${header.clientName} (${header.clientEmail})`);
  const open = isOpenPeriod(data.to, header.issuedAt);
  doc.text(
    `Period: ${formatPeriod(data.from, data.to)} (UTC days, inclusive${open ? '; not over yet' : ''})`,
  );
  doc.text(`Issued: ${formatUtcDateTime(header.issuedAt)}`);
  doc.moveDown(0.5).fontSize(9).fillColor('#333333');
  doc.text(
    'Balances are your total funds with us: available + held for pending withdrawals + invested in plans ' +
      '(the figure counted in our published liabilities). Moves between these three change nothing and are ' +
      'not listed.',
  );
  doc.fillColor('black').moveDown(0.5).fontSize(10);
  const split = (b: StatementData['opening']) =>
    `available ${money(b.available)}, held ${money(b.held)}, invested ${money(b.invested)}`;
  doc.font('Helvetica-Bold').text(`Opening balance: ${money(data.openingBalance)}`, { continued: true });
  doc.font('Helvetica').text(`  (${split(data.opening)})`);
  doc
    .font('Helvetica-Bold')
    .text(`${closingLabel(data, header.issuedAt)}: ${money(data.closingBalance)}`, { continued: true });
  doc.font('Helvetica').text(`  (${split(data.closing)})`);
  doc.text(`Lines: ${manifest.lines}`);
  doc.moveDown(0.8);
}

function tableHead(doc: PDFKit.PDFDocument) {
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(9);
  doc.text('Date', MARGIN + COLS.date, y, { lineBreak: false });
  doc.text('Description', MARGIN + COLS.description, y, { lineBreak: false });
  doc.text('Amount (USD)', MARGIN + COLS.amount, y, {
    width: AMOUNT_WIDTH,
    align: 'right',
    lineBreak: false,
  });
  doc.text('Balance (USD)', MARGIN + COLS.balance, y, {
    width: AMOUNT_WIDTH,
    align: 'right',
    lineBreak: false,
  });
  const right = doc.page.width - MARGIN;
  doc
    .moveTo(MARGIN, y + ROW - 3)
    .lineTo(right, y + ROW - 3)
    .lineWidth(0.5)
    .stroke();
  doc.font('Helvetica');
  doc.x = MARGIN;
  doc.y = y + ROW;
}

function drawLines(doc: PDFKit.PDFDocument, data: StatementData, issuedAt: Date) {
  tableHead(doc);
  if (data.lines.length === 0) {
    doc.text(
      isOpenPeriod(data.to, issuedAt)
        ? 'No movements in this period so far.'
        : 'No movements in this period.',
      MARGIN,
      doc.y,
    );
    doc.moveDown(0.5);
    return;
  }
  const bottom = doc.page.height - MARGIN;
  for (const line of data.lines) {
    // the whole description, wrapped over as many lines as it takes (never cut: the signature
    // covers what the client reads); a line starts a new page when it would not fit whole
    const description = line.description + (line.sealed ? '' : ' *');
    const height = Math.max(ROW, doc.heightOfString(description, { width: DESCRIPTION_WIDTH }) + 4);
    if (doc.y + height > bottom) {
      doc.addPage();
      tableHead(doc);
    }
    const y = doc.y;
    doc.text(formatDay(line.date), MARGIN + COLS.date, y, { lineBreak: false });
    doc.text(description, MARGIN + COLS.description, y, { width: DESCRIPTION_WIDTH });
    doc.text(money(line.amount), MARGIN + COLS.amount, y, {
      width: AMOUNT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.text(money(line.balance), MARGIN + COLS.balance, y, {
      width: AMOUNT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.x = MARGIN;
    doc.y = y + height;
  }
  doc.moveDown(0.5);
}

function drawFoot(
  doc: PDFKit.PDFDocument,
  data: StatementData,
  header: StatementHeader,
  manifest: StatementManifest,
) {
  if (doc.y > doc.page.height - MARGIN - 170) doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  doc.x = MARGIN;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`${closingLabel(data, header.issuedAt)}: ${money(data.closingBalance)}`);
  if (isOpenPeriod(data.to, header.issuedAt)) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(
        'This period is not over: its figures are as of the time this statement was issued. Download ' +
          'it again after the period ends for its closing balance.',
        { width },
      );
  }
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(9).text('Journal tree head covering this statement');
  doc.font('Helvetica');
  const head = manifest.treeHead;
  if (head) {
    doc.text(`Size ${head.size}, signed at ${formatUtcDateTime(head.timestamp)}`, { width });
    doc.text(`Root hash ${head.rootHash}`, { width });
  } else {
    doc.text('No tree head has been signed yet: none of these lines is sealed in the journal.', { width });
  }
  if (head && manifest.unsealed > 0) {
    const n = manifest.unsealed;
    doc.text(
      `${n} ${n === 1 ? 'entry' : 'entries'} behind this statement ${n === 1 ? 'is' : 'are'} not sealed yet ` +
        '(its lines among them are marked *): the next tree head, signed about a minute after posting, covers them.',
      { width },
    );
  }
  doc.moveDown(0.8).font('Helvetica-Bold').text('How to check this statement');
  doc
    .font('Helvetica')
    .text(
      `This file is signed: its last line carries an Ed25519 signature over every byte before it, made with ` +
        `our key of fingerprint ${manifest.keyFingerprint}. One changed byte makes the check fail. Upload ` +
        `the file at ${header.verifyUrl} to check it.`,
      { width },
    );
}
