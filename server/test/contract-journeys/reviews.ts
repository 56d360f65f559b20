/**
 * The contract journey of what a reviewer reads beside a client's requests: the queue's rows (in
 * the money journeys) and one client's identity and withdrawal destinations, for a client with a
 * pending withdrawal and for an unknown id.
 */
import { createClient, submitWithdrawal } from '../factories';
import { ask, type Journey } from './journey';

export const reviewFactsJourney: Journey = {
  name: "review facts: a client's identity and withdrawal destinations",
  async run({ t, admin }) {
    const call = ask(t);
    const c = await createClient(t.app, { level: 'identity', balance: 100_00n });
    await submitWithdrawal(t.app, c, 10);
    await call('GET', '/api/reviews/pending?pageSize=10', admin.headers, undefined, 200);
    await call('GET', `/api/reviews/client/${c.id}`, admin.headers, undefined, 200);
    await call(
      'GET',
      '/api/reviews/client/00000000-0000-4000-8000-000000000000',
      admin.headers,
      undefined,
      404,
    );
  },
};
