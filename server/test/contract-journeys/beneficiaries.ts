/** The contract journey of the withdrawal address book: add, confirm by the link, rename, cancel, delete, the staff view. */
import { createClient } from '../factories';
import { ask, type Journey } from './journey';

export const beneficiariesJourney: Journey = {
  name: 'beneficiaries: add, confirm, rename, cancel, delete, staff view',
  async run({ t, admin }) {
    const call = ask(t);
    const c = await createClient(t.app);
    const h = c.headers;
    const crypto = {
      kind: 'crypto',
      label: 'Cold wallet',
      network: 'usdt_tron',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    };
    const added = await call('POST', '/api/beneficiaries', h, crypto, 201);
    const id = added.json().data._id as string;
    await call('POST', '/api/beneficiaries', h, crypto, 409);
    await call(
      'POST',
      '/api/beneficiaries',
      h,
      { ...crypto, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T' },
      400,
    );
    const mail = await t.smtp.waitForMail(c.email);
    const token = /[?&]confirm=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    await call('POST', '/api/beneficiaries/confirm', h, { token }, 200);
    await call('POST', '/api/beneficiaries/confirm', h, { token }, 400);
    await call('GET', '/api/beneficiaries', h, undefined, 200);
    await call('PATCH', `/api/beneficiaries/${id}`, h, { label: 'Hardware wallet' }, 200);
    await call('POST', `/api/beneficiaries/${id}/cancel`, h, undefined, 200);
    await call('POST', `/api/beneficiaries/${id}/cancel`, h, undefined, 409);
    await call('GET', `/api/beneficiaries/admin/${c.id}`, admin.headers, undefined, 200);
    await call('DELETE', `/api/beneficiaries/${id}`, h, undefined, 200);
    await call('DELETE', `/api/beneficiaries/${id}`, h, undefined, 404);
  },
};
