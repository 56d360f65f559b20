/**
 * The text of a statement PDF as the tests read it (pdfkit draws every line of text as one `TJ`
 * of hex strings in a deflated content stream): each line's text, one per line, in drawing order.
 */
import { inflateSync } from 'node:zlib';

/** The text a PDF's pages draw (every TJ's hex strings, decoded), from its deflated streams. */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let text: string;
    try {
      text = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of text.matchAll(/\[(.*?)\] TJ/g))
      out.push(
        [...tj[1]!.matchAll(/<([0-9a-f]*)>/g)]
          .map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'))
          .join(''),
      );
  }
  return out.join('\n');
}
