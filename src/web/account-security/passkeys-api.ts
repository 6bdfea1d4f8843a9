import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import {
  passkeyPaths as paths,
  type PasskeyOptionsResponse,
  type PasskeyResponse,
  type PasskeysResponse,
} from '#src/shared/account-security/passkeys.ts';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { api } from '#src/web/lib/api-client.ts';

const one = (id: string) => paths.one.replace(':id', encodeURIComponent(id));

// The browser's calls for the account's passkeys (product rules U7). The WebAuthn library is loaded
// only when a passkey is being made, so the Security tab's first paint does not carry it.
export const passkeysApi = {
  list: () => api<PasskeysResponse>('GET', paths.list),
  rename: (id: string, name: string) => api<PasskeyResponse & OkResponse>('PUT', one(id), { name }),
  remove: (id: string) => api<OkResponse>('DELETE', one(id), {}),
  async add(name: string): Promise<PasskeyResponse> {
    const [{ startRegistration }, { options, challengeId }] = await Promise.all([
      import('@simplewebauthn/browser'),
      api<PasskeyOptionsResponse>('POST', paths.registrationOptions, {}),
    ]);
    const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
    return api<PasskeyResponse>('POST', paths.list, { challengeId, name, response });
  },
};

export const passkeyKeys = {
  list: ['account-security', 'passkeys'] as const,
};
