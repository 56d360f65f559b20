/**
 * The page index.html: reads the chosen evidence file and shows what evidence-checks.mjs found,
 * with SHA-256 and Ed25519 from the browser's WebCrypto. No network (the page's policy forbids it).
 */
import { verifyEvidence } from './evidence-checks.mjs';
import { webCrypto } from './web-crypto.mjs';

const form = document.querySelector('form');
const outcome = document.getElementById('outcome');
const report = document.getElementById('report');

/** Shows `lines` under the heading `title` (`kind`: ok or failed). */
function show(title, kind, lines) {
  outcome.hidden = false;
  outcome.textContent = title;
  outcome.className = kind;
  report.replaceChildren(
    ...lines.map((line) => {
      const item = document.createElement('li');
      item.textContent = line;
      return item;
    }),
  );
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const file = document.getElementById('file').files[0];
  const pin = document.getElementById('pin').value.trim().toLowerCase() || undefined;
  if (!file) return show('Choose an evidence file first.', 'failed', []);
  if (pin !== undefined && !/^[0-9a-f]{64}$/.test(pin))
    return show('A key fingerprint is 64 hex characters.', 'failed', []);
  show('Checking…', '', []);
  try {
    const result = await verifyEvidence(await file.text(), { crypto: webCrypto, pin });
    if (result.ok) show('Evidence verified', 'ok', result.report);
    else show('Not verified', 'failed', [...result.report, `First failure: ${result.failure}.`]);
  } catch (error) {
    // WebCrypto exists only on secure pages (https, or this machine) and Ed25519 only in recent browsers
    show('This browser cannot check the file', 'failed', [
      `${error.message}. Open the page from this machine (localhost) in a recent browser, or use the command.`,
    ]);
  }
});
