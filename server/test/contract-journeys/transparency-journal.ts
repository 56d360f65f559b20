/**
 * Contract journey of the verifiable journal: a client's posting is sealed, the checkpoint (public)
 * is cosigned by the replay's witness, then the signed tree head (public), the entry's inclusion
 * proof (its client), the consistency proof between two heads (public) and the client's evidence
 * file (with the consistency proof from the first head) are read.
 */
import { fundClient, createClient } from '../factories';
import { sealJournal } from '../../modules/transparency/seal';
import { signingKeyFor } from '../../modules/transparency/signing-key';
import { referenceCosignatureLine } from '../c2sp-note-reference';
import { ask, CONTRACT_WITNESS, type Journey } from './journey';

export const journalLogJourney: Journey = {
  name: 'transparency: verifiable journal',
  async run({ t }) {
    const call = ask(t);
    const { db } = t.app.ctx.database;
    const key = signingKeyFor(t.app.ctx.config);
    /** Seals, then cosigns the new checkpoint as the witness: clients are offered cosigned heads only. */
    const sealAndCosign = async () => {
      await sealJournal(db, key);
      const note = (await call('GET', '/api/transparency/checkpoint', {}, undefined, 200)).body;
      const body = `${note.split('\n\n')[0]}\n`;
      const { name, seed } = CONTRACT_WITNESS;
      const line = referenceCosignatureLine(body, BigInt(Math.floor(Date.now() / 1000)), seed, name);
      await call(
        'POST',
        '/api/transparency/cosignatures',
        { 'content-type': 'text/plain' },
        `${body}\n${line}`,
        200,
      );
    };
    const c = await createClient(t.app, { balance: 120_00n });
    await sealAndCosign();
    const first = (await call('GET', '/api/transparency/tree-head', {}, undefined, 200)).json();
    await fundClient(db, c.id, 30_00n);
    await sealAndCosign();
    const latest = (await call('GET', '/api/transparency/tree-head', {}, undefined, 200)).json();
    const history = (await call('GET', '/api/transaction/all', c.headers, undefined, 200)).json();
    const line = (history.data as Array<{ _id: string }>)[0]!;
    await call('GET', `/api/transparency/inclusion/${line._id}`, c.headers, undefined, 200);
    await call('GET', `/api/transparency/inclusion/${line._id}?treeSize=${first.size}`, c.headers);
    await call(
      'GET',
      `/api/transparency/consistency?from=${first.size}&to=${latest.size}`,
      {},
      undefined,
      200,
    );
    await call('GET', '/api/transparency/consistency?from=0&to=1', {}, undefined, 400);
    await call('GET', `/api/transparency/evidence?since=${first.size}`, c.headers, undefined, 200);
  },
};
