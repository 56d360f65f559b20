/**
 * The server's side of an "Export CSV" button in component tests: `recordCsvExport` answers an
 * export's GET with a one-line CSV and records the query of each call, to read what the button
 * asked for (its list's filters).
 */

/** The queries an export was asked with, in order, and the answer of one call (a CSV). */
export function recordCsvExport(): { asked: string[]; answer: (request: Request) => Response } {
  const asked: string[] = [];
  return {
    asked,
    answer: (request) => {
      asked.push(new URL(request.url).search);
      return new Response('ID\r\n', { headers: { 'content-type': 'text/csv' } });
    },
  };
}
