/** Contract journey of the operator's declared reserves (GET /api/transparency/reserves, public). */
import { ask, type Journey } from './journey';

/** The declared reserves read by a visitor (an empty list when the test server declares none). */
export const reservesJourney: Journey = {
  name: 'transparency: declared reserves',
  async run({ t }) {
    await ask(t)('GET', '/api/transparency/reserves', {}, undefined, 200);
  },
};
