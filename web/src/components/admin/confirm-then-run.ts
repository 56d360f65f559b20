/**
 * The back office's confirmed actions (delete, void, block, clear a plan…): ask first, then run the
 * request and toast its outcome — the server's message (or a fixed `success` text), or its error.
 * A money action held for four-eyes approval (202) toasts the server's "sent for approval" instead.
 * A decision about a client's money or account also asks for a reason (`confirmation.reason`).
 */
import { errorMessage, type MessageAnswer } from '../../lib/api-client';
import { notifyError, notifyMoneyOutcome } from '../../lib/notify';
import { confirmAction } from '../confirm';
import { confirmWithReason } from './reason-confirm';

/**
 * The confirmation dialog's title, text, confirm label and colour; with `reason`, the dialog also
 * asks for a required reason (3 to 500 characters), which the request then carries as `reason`.
 */
export type Confirmation = Parameters<typeof confirmAction>[0] & {
  reason?: { description?: string };
};

/** The variables a caller gives: the request's, less the `reason` the dialog asks for. */
export type VariablesWithoutReason<V> = V extends { reason: string } ? Omit<V, 'reason'> : V;

/**
 * A TanStack mutation's `mutateAsync`: its promise settles even when the button that ran it has
 * gone (a deleted row's), where `mutate`'s own callbacks would be dropped.
 */
export type Mutate<V, A> = (variables: V) => Promise<A>;

export interface Outcome {
  /** The success toast's text (the server's message by default; never for a held money action). */
  success?: string;
  /** Heads the error toast (e.g. the original "Error deleting user"). */
  failureTitle?: string;
  /** The error toast's text when the server gives none ("Something went wrong" by default). */
  failure?: string;
  /** After the success toast (e.g. leave the page of a deleted user). */
  onDone?: () => void;
}

/**
 * Asks `confirmation` (and its reason, when it asks one); once confirmed, runs `mutate(variables)`
 * (plus `reason`) and toasts how it went.
 */
export async function confirmThenRun<V, A extends MessageAnswer>(
  confirmation: Confirmation,
  mutate: Mutate<V, A>,
  variables: VariablesWithoutReason<V>,
  outcome: Outcome = {},
): Promise<void> {
  let request: V;
  if (confirmation.reason) {
    const reason = await confirmWithReason({
      ...confirmation,
      reasonDescription: confirmation.reason.description,
    });
    if (reason === null) return;
    request = { ...(variables as object), reason } as V;
  } else {
    if (!(await confirmAction(confirmation))) return;
    request = variables as V;
  }
  try {
    notifyMoneyOutcome(await mutate(request), outcome.success);
    outcome.onDone?.();
  } catch (error) {
    notifyError(errorMessage(error, outcome.failure ?? 'Something went wrong'), outcome.failureTitle);
  }
}
