/**
 * The sentences polite live regions say (WCAG 2.2 4.1.3 status messages): the summary of a
 * submission a form refused (3.3.1 error identification), and where a paged table stands after
 * a page change.
 */

/**
 * "1 field needs attention: Email is required." or "2 fields need attention: First name is
 * required, Gender is required." Messages are trimmed, empty ones dropped and repeats (the radios of
 * one group share one message) said once; answers '' when no message is left.
 */
export function errorSummary(messages: readonly string[]): string {
  const said = [...new Set(messages.map((m) => m.trim()).filter(Boolean))];
  if (said.length === 0) return '';
  const count = said.length === 1 ? '1 field needs attention' : `${said.length} fields need attention`;
  // a message may end in its own full stop: no second one after it
  const list = said.map((m) => m.replace(/[.!]$/, '')).join(', ');
  return `${count}: ${list}.`;
}

/** Where a paged table stands: "Page 2 of 5, rows 11–20 of 43" (no rows: "Page 1 of 1, no rows"). */
export function pageStatus(page: number, pageSize: number, total: number): string {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const shown = Math.min(Math.max(1, page), pages);
  if (total <= 0) return `Page ${shown} of ${pages}, no rows`;
  const first = (shown - 1) * pageSize + 1;
  const last = Math.min(total, shown * pageSize);
  return `Page ${shown} of ${pages}, rows ${first}–${last} of ${total}`;
}
