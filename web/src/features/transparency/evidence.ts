/**
 * "Download my evidence" (docs/transparency.md "Your evidence"): GET /transparency/evidence with the
 * session's token, asking for the consistency proof from the tree head this browser remembers
 * (seen-head.ts), whose signed checkpoint the browser then adds to the file as `earlier.checkpoint`,
 * so the file also proves the log grew from what this browser saw. Saved as two-space indented
 * JSON, one of the two layouts verifier/verify-evidence.mjs accepts. A refusal throws ApiError with
 * the server's message.
 */
import { evidenceFileName, type EvidenceBundle } from '@common/schemas/evidence';
import { api } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-blob';
import { readSeenHead } from './seen-head';

/** Downloads the signed-in client's evidence file; answers the file name it was saved under. */
export async function downloadEvidence(): Promise<string> {
  const seen = readSeenHead();
  const kept = seen?.checkpoint ? { size: seen.size, checkpoint: seen.checkpoint } : null;
  const bundle = await api.get<EvidenceBundle>('/transparency/evidence', { params: { since: kept?.size } });
  const file =
    bundle.earlier && kept
      ? { ...bundle, earlier: { ...bundle.earlier, checkpoint: kept.checkpoint } }
      : bundle;
  const name = evidenceFileName(new Date().toISOString().slice(0, 10));
  saveBlob(new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }), name);
  return name;
}
