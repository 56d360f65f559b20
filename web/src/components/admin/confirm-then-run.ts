/**
 * The back office's confirmed actions (delete, void, block, clear a plan…): ask first, then run the
 * request and toast its outcome — the server's message (or a fixed `success` text), or its error.
 */
import { errorMessage, type MessageAnswer } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { confirmAction } from '../confirm';

/** The confirmation dialog's title, text, confirm label and colour. */
export type Confirmation = Parameters<typeof confirmAction>[0];

/**
 * A TanStack mutation's `mutateAsync`: its promise settles even when the button that ran it has
 * gone (a deleted row's), where `mutate`'s own callbacks would be dropped.
 */
export type Mutate<V, A> = (variables: V) => Promise<A>;

export interface Outcome {
  /** The success toast's text (the server's message by default). */
  success?: string;
  /** Heads the error toast (e.g. the original "Error deleting user"). */
  failureTitle?: string;
  /** The error toast's text when the server gives none ("Something went wrong" by default). */
  failure?: string;
  /** After the success toast (e.g. leave the page of a deleted user). */
  onDone?: () => void;
}

/** Asks `confirmation`; once confirmed, runs `mutate(variables)` and toasts how it went. */
export async function confirmThenRun<V, A extends MessageAnswer>(
  confirmation: Confirmation,
  mutate: Mutate<V, A>,
  variables: V,
  outcome: Outcome = {},
): Promise<void> {
  if (!(await confirmAction(confirmation))) return;
  try {
    const { message } = await mutate(variables);
    notifySuccess(outcome.success ?? message);
    outcome.onDone?.();
  } catch (error) {
    notifyError(errorMessage(error, outcome.failure ?? 'Something went wrong'), outcome.failureTitle);
  }
}
