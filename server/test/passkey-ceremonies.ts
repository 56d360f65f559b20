/**
 * Passkey ceremonies against a test app, answered by a software authenticator
 * (soft-authenticator.ts): registering a passkey, and confirming a signed-in session with one
 * (`x-passkey-purpose: reverify`, auth/passkeys.ts). Each ceremony is the plugin's two requests:
 * the options (with their challenge cookie), then the browser's answer verified.
 */
import { expect } from 'vitest';
import type { AppInstance } from '../app-context';
import { SoftAuthenticator } from './soft-authenticator';

/** The ceremonies of the app `app()` answers (a getter: test contexts are made in `beforeAll`). */
export function passkeyCeremonies(app: () => AppInstance) {
  /** A new authenticator for the app's relying party (PUBLIC_URL's origin and host). */
  const authenticator = () => {
    const url = new URL(app().ctx.config.publicUrl);
    return new SoftAuthenticator(url.origin, url.hostname);
  };

  /** One ceremony of `kind` with `headers`, `answer`ing the options; answers the verification's response. */
  async function ceremony(
    kind: 'register' | 'authenticate',
    headers: Record<string, string>,
    answer: (options: { challenge: string }) => unknown,
    body: Record<string, unknown> = {},
  ) {
    const options = await app().inject({
      method: 'GET',
      url: `/api/auth/passkey/generate-${kind === 'register' ? 'register' : 'authenticate'}-options`,
      headers,
    });
    expect(options.statusCode, options.body).toBe(200);
    const cookie = String(options.headers['set-cookie']).split(';')[0]!;
    return app().inject({
      method: 'POST',
      url: `/api/auth/passkey/verify-${kind === 'register' ? 'registration' : 'authentication'}`,
      headers: { ...headers, cookie },
      payload: { response: answer(options.json()), ...body },
    });
  }

  /** Registers a passkey named `name` for the session of `headers`; answers its authenticator and id. */
  async function addPasskey(headers: Record<string, string>, name = 'Laptop') {
    const key = authenticator();
    const res = await ceremony('register', headers, (o) => key.register(o), { name });
    expect(res.statusCode, res.body).toBe(200);
    return { key, id: res.json().data.id as string };
  }

  /** Confirms the session of `headers` with `key`'s passkey (good for one sensitive request, 5 minutes). */
  async function confirmSession(headers: Record<string, string>, key: SoftAuthenticator) {
    const res = await ceremony('authenticate', { ...headers, 'x-passkey-purpose': 'reverify' }, (o) =>
      key.authenticate(o),
    );
    expect(res.statusCode, res.body).toBe(200);
  }

  return { authenticator, ceremony, addPasskey, confirmSession };
}
