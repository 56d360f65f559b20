/**
 * The contract journey of passkeys (docs/security.md "Passkeys"): a client adds one with the software
 * authenticator (test/soft-authenticator.ts), lists and renames it, signs in with it alone, and
 * removes it with the password.
 */
import { createSignedInUser, type Headers } from '../app';
import { SoftAuthenticator } from '../soft-authenticator';
import { ask, bearer, type Journey } from './journey';

export const passkeysJourney: Journey = {
  name: 'passkeys: add, list, rename, sign in with one, remove',
  async run({ t }) {
    const call = ask(t);
    const url = new URL(t.app.ctx.config.publicUrl);
    const key = new SoftAuthenticator(url.origin, url.hostname);
    /** One ceremony: the options (and their challenge cookie), then the authenticator's answer. */
    const ceremony = async (
      kind: 'register' | 'authenticate',
      headers: Headers,
      body: Record<string, unknown> = {},
    ) => {
      const path = kind === 'register' ? 'register' : 'authenticate';
      const options = await call(
        'GET',
        `/api/auth/passkey/generate-${path}-options`,
        headers,
        undefined,
        200,
      );
      const cookie = String(options.headers['set-cookie']).split(';')[0]!;
      const response =
        kind === 'register'
          ? key.register(options.json() as { challenge: string })
          : key.authenticate(options.json() as { challenge: string });
      const verify = kind === 'register' ? 'verify-registration' : 'verify-authentication';
      return call('POST', `/api/auth/passkey/${verify}`, { ...headers, cookie }, { response, ...body }, 200);
    };

    const user = await createSignedInUser(t.app);
    const added = await ceremony('register', user.headers, { name: 'Laptop' });
    const id = added.json().data.id as string;
    await call('GET', '/api/auth/passkeys', user.headers, undefined, 200);
    await call('PATCH', `/api/auth/passkeys/${id}`, user.headers, { name: 'Phone' }, 200);
    const signedIn = await ceremony('authenticate', {});
    await call('GET', '/api/auth/user', bearer(signedIn.json().token as string), undefined, 200);
    await call('DELETE', `/api/auth/passkeys/${id}`, user.headers, { password: user.password }, 200);
  },
};
