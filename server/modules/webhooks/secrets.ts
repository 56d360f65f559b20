/**
 * Webhook signing secrets (docs/integrations.md "Webhooks"): `whsec_` and 32 random bytes in base64,
 * the form the Standard Webhooks libraries take. The server must read a secret back to sign, so it
 * is kept sealed (better-auth's XChaCha20-Poly1305 envelope, `better-auth/crypto`) under a key
 * derived from SESSION_SECRET (HKDF-SHA256), and opened with SESSION_SECRET_PREVIOUS too while a
 * rotation's window is open (docs/operations.md "Keys and their rotation"). The endpoint's id is
 * sealed with it: a sealed secret copied to another endpoint's row does not open there.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { Config } from '../../config';
import { sessionSecrets } from '../../lib/session-secrets';

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The sealing key of one session secret, as hex. */
function sealingKey(sessionSecret: string): string {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'broker-webhooks', 'webhook-secret-v1', 32)).toString(
    'hex',
  );
}

/** Seals and opens endpoints' secrets under the config's session secrets. */
export function createWebhookSecrets(config: Pick<Config, 'sessionSecret' | 'sessionSecretPrevious'>) {
  const keys = sessionSecrets(config).map(sealingKey);
  return {
    /** Seals `secret` for endpoint `endpointId` under the newest session secret. */
    seal(endpointId: string, secret: string): Promise<string> {
      return symmetricEncrypt({ key: keys[0]!, data: JSON.stringify({ e: endpointId, s: secret }) });
    },

    /** Opens endpoint `endpointId`'s sealed secret; throws when no session secret opens it. */
    async open(endpointId: string, sealed: string): Promise<string> {
      for (const key of keys) {
        try {
          const { e, s } = JSON.parse(await symmetricDecrypt({ key, data: sealed })) as {
            e: string;
            s: string;
          };
          if (e === endpointId) return s;
        } catch {
          // sealed under the other session secret: try it
        }
      }
      throw new Error(`the signing secret of webhook endpoint ${endpointId} opens under no session secret`);
    },
  };
}

export type WebhookSecrets = ReturnType<typeof createWebhookSecrets>;
