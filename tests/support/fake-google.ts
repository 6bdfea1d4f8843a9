import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { uniqueEmail } from './test-app.ts';

const PROJECT = 'tessera-test-project';

// Our own "Google" for tests that need a Google sign-in: one RS256 key, its key set on loopback, and
// ID tokens signed with it as Firebase would.
export async function startFakeGoogle() {
  const pair = await generateKeyPair('RS256', { extractable: true });
  const { kty, n, e } = await exportJWK(pair.publicKey);
  const server = createServer((_request, response) => {
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ keys: [{ kty, n, e, kid: 'key-1', use: 'sig', alg: 'RS256' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
  return {
    env: { FIREBASE_PROJECT_ID: PROJECT, FIREBASE_API_KEY: 'test-key', GOOGLE_JWKS_URL: url },
    identity: (name = 'Gail Google') => ({ sub: `google-${Math.random().toString(36).slice(2)}`, email: uniqueEmail('google'), name }),
    idToken(identity: { sub: string; email: string; name: string }) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        iss: `https://securetoken.google.com/${PROJECT}`,
        aud: PROJECT,
        ...identity,
        email_verified: true,
        iat: now - 5,
        exp: now + 3600,
        auth_time: now - 10,
        firebase: { sign_in_provider: 'google.com', identities: {} },
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'key-1', typ: 'JWT' })
        .sign(pair.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
