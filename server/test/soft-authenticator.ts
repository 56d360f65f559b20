/**
 * A software WebAuthn authenticator for the API tests (the browser journeys use Chromium's virtual
 * authenticator instead): one ES256 (P-256) credential, "none" attestation, answering the options
 * the server hands out exactly as a browser's navigator.credentials would, in WebAuthn's JSON
 * (W3C WebAuthn Level 2 §6.1 authenticator data, §6.5.4 attestation object; COSE key per RFC 9053).
 * The few CBOR items it writes are encoded here (RFC 8949 §3: heads, byte and text strings, maps).
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/** CBOR head: major type and argument (≤ 65535 is all this needs). */
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
}
const int = (n: number) => (n >= 0 ? head(0, n) : head(1, -1 - n));
const bytes = (b: Buffer) => Buffer.concat([head(2, b.length), b]);
const text = (s: string) => Buffer.concat([head(3, Buffer.byteLength(s)), Buffer.from(s)]);
const map = (entries: [Buffer, Buffer][]) => Buffer.concat([head(5, entries.length), ...entries.flat()]);

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();
const b64u = (b: Buffer) => b.toString('base64url');

/** Flags of authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;

  /** `origin` as the browser would report it (PUBLIC_URL's), `rpId` its host. */
  constructor(
    private readonly origin: string,
    private readonly rpId: string,
  ) {}

  get id(): string {
    return b64u(this.credentialId);
  }

  private cosePublicKey(): Buffer {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return map([
      [int(1), int(2)], // kty: EC2
      [int(3), int(-7)], // alg: ES256
      [int(-1), int(1)], // crv: P-256
      [int(-2), bytes(Buffer.from(jwk.x!, 'base64url'))],
      [int(-3), bytes(Buffer.from(jwk.y!, 'base64url'))],
    ]);
  }

  private authData(flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), counter, attested ?? Buffer.alloc(0)]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** Answers creation options: a RegistrationResponseJSON. */
  register(options: { challenge: string }) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey()]);
    const attestationObject = map([
      [text('fmt'), text('none')],
      [text('attStmt'), map([])],
      [text('authData'), bytes(this.authData(UP | UV | AT, attested))],
    ]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** Answers request options: an AuthenticationResponseJSON (`userVerified: false` leaves UV unset). */
  authenticate(options: { challenge: string }, { userVerified = true } = {}) {
    this.counter += 1;
    const authenticatorData = this.authData(UP | (userVerified ? UV : 0));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.keys.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authenticatorData),
        signature: b64u(signature),
      },
      clientExtensionResults: {},
    };
  }
}
