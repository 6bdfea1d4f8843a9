// A software passkey authenticator for server tests: it makes and uses an ES256 credential the way a
// platform authenticator does (attestation "none", user present and verified), so the server's WebAuthn
// checks run on real signatures. Only what the tests need: one credential per authenticator.
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const uint32 = (value: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
};

export interface SoftAuthenticatorOptions {
  origin: string;
  rpId?: string;
  // Answer without user verification (the UV flag clear).
  unverified?: boolean;
}

export function softAuthenticator() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = new Uint8Array(randomBytes(16));
  let counter = 0;
  let userHandle = '';

  const cosePublicKey = (key: KeyObject) => {
    const jwk = key.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  };

  const clientData = (type: string, challenge: string, origin: string) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  const flags = (unverified?: boolean) => UP | (unverified ? 0 : UV);

  return {
    id: isoBase64URL.fromBuffer(credentialId),
    // Sets the signature counter, as a cloned authenticator's would be.
    setCounter(value: number) {
      counter = value;
    },

    register(
      options: { challenge: string; rp: { id?: string }; user: { id: string } },
      { origin, rpId, unverified }: SoftAuthenticatorOptions,
    ) {
      userHandle = options.user.id;
      const authData = concat(
        sha256(rpId ?? options.rp.id ?? new URL(origin).hostname),
        new Uint8Array([flags(unverified) | AT]),
        uint32(counter),
        new Uint8Array(16),
        new Uint8Array([0, credentialId.length]),
        credentialId,
        cosePublicKey(publicKey),
      );
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      );
      return {
        id: this.id,
        rawId: this.id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: isoBase64URL.fromBuffer(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      };
    },

    authenticate(options: { challenge: string; rpId?: string }, { origin, rpId, unverified }: SoftAuthenticatorOptions) {
      counter += 1;
      const authenticatorData = concat(
        sha256(rpId ?? options.rpId ?? new URL(origin).hostname),
        new Uint8Array([flags(unverified)]),
        uint32(counter),
      );
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      const signature = createSign('SHA256')
        .update(concat(authenticatorData, sha256(clientDataJSON)))
        .sign(privateKey);
      return {
        id: this.id,
        rawId: this.id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
          authenticatorData: isoBase64URL.fromBuffer(authenticatorData),
          signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
          userHandle,
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      };
    },
  };
}
