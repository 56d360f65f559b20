/**
 * A form's draft kept in sessionStorage for this tab, so a form filled when its session ended is
 * filled again after the sign-in brings the client back (lib/session-return.ts). Only short text
 * fields go in a draft (no files, no secrets); a submitted form forgets its draft.
 */
const PREFIX = 'draft:';

/** The kept text fields of the draft `key` (empty when none or unreadable). */
export function readDraft(key: string): Record<string, string> {
  try {
    const kept = JSON.parse(sessionStorage.getItem(PREFIX + key) ?? '{}') as unknown;
    if (!kept || typeof kept !== 'object') return {};
    return Object.fromEntries(
      Object.entries(kept).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** Keeps `fields` as the draft `key`; a draft with every field empty is forgotten. */
export function saveDraft(key: string, fields: Record<string, string>): void {
  try {
    if (Object.values(fields).every((value) => value === '')) sessionStorage.removeItem(PREFIX + key);
    else sessionStorage.setItem(PREFIX + key, JSON.stringify(fields));
  } catch {
    // storage refused: the form simply starts empty next time
  }
}

/** Forgets the draft `key` (after the form was sent). */
export function forgetDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // nothing kept
  }
}
