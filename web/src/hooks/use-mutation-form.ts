/** Glue between a form, the request it submits and the error banner above it. */
import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent, FormEventHandler } from 'react';
import { MSG } from '@common/messages';
import { errorMessage } from '../lib/api-client';
import { useFlashMessage } from './use-flash-message';

/** What a form with an error banner takes; spread it into `AuthForm` or `StepForm`. */
export interface MutationFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The failed submission's message for the banner, or null. */
  failure: string | null;
  /** The request runs. */
  busy: boolean;
}

/** The request's variables made of the validated values: optional only where the values fit as they are. */
type VariablesOption<V, TVars> = [V] extends [TVars]
  ? { variables?: (values: V) => TVars }
  : { variables: (values: V) => TVars };

type MutationFormOptions<V, TData, TVars> = VariablesOption<V, TVars> & {
  /** After the request succeeded, with the server's answer and the variables sent. */
  onSuccess: (answer: TData, variables: TVars) => void;
  /** The banner's text when the error carries no message of the server's (MSG.errorOccurred by default). */
  fallback?: string;
  /** The banner hides itself after this many ms; by default it stays until the next submission. */
  failureMs?: number;
};

/**
 * Submits a @mantine/form form's validated values with `mutation`: the banner is cleared on each
 * submission and shows the server's message (or `fallback`) when the request fails.
 */
export function useMutationForm<V, TData, TVars>(
  form: { onSubmit: (handle: (values: V) => void) => (event?: FormEvent<HTMLFormElement>) => void },
  mutation: Pick<UseMutationResult<TData, Error, TVars>, 'mutate' | 'isPending'>,
  options: MutationFormOptions<V, TData, TVars>,
): MutationFormProps {
  const { onSuccess, fallback = MSG.errorOccurred, failureMs } = options;
  const failure = useFlashMessage(failureMs);
  const onSubmit = form.onSubmit((values) => {
    failure.clear();
    const variables = options.variables ? options.variables(values) : (values as unknown as TVars);
    mutation.mutate(variables, {
      onSuccess,
      onError: (error) => failure.show(errorMessage(error, fallback)),
    });
  });
  return { onSubmit, failure: failure.message, busy: mutation.isPending };
}
