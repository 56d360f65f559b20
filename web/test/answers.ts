/**
 * Resolvers for the MSW handlers of web component tests (web/test/api.ts) that many tests need:
 * answers given in turn (a read that fails once, then succeeds) and a request held until the test
 * lets it through, its JSON body recorded. Written inside `http.get(path, …)`, they keep the
 * handler's typing: each answer is checked against the operation's own responses.
 */

/** A gate the test opens when it chooses: `held` settles once `open()` is called. */
export function gate(): { held: Promise<void>; open: () => void } {
  let open!: () => void;
  const held = new Promise<void>((resolve) => (open = resolve));
  return { held, open };
}

/**
 * A resolver that answers the n-th call with `answers[n]`, and every call past the last with the
 * last one; `calls.count` counts the calls.
 */
export function inTurn<Resolver extends (...args: never[]) => unknown>(
  calls: { count: number },
  ...answers: [NoInfer<Resolver>, ...NoInfer<Resolver>[]]
): Resolver {
  const inTurn = (...args: Parameters<Resolver>) =>
    answers[Math.min(calls.count++, answers.length - 1)]!(...args);
  return inTurn as Resolver;
}

/**
 * A resolver that records each request's JSON body into `sent`, then waits for `before` (see
 * `gate`) and answers with `answer`.
 */
export function recorded<Resolver extends (info: never) => unknown>(
  sent: unknown[],
  answer: NoInfer<Resolver>,
  before?: Promise<void>,
): Resolver {
  const record = async (info: Parameters<Resolver>[0]) => {
    sent.push(await (info as { request: Request }).request.clone().json());
    await before;
    return answer(info);
  };
  return record as unknown as Resolver;
}
