import { randomUUID } from 'node:crypto';
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  MAX_PASSKEYS,
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_RECENT_SIGN_IN_MS,
  passkeyError,
  type PasskeyInfo,
  type PasskeyOptionsResponse,
} from '#src/shared/account-security/passkeys.ts';
import { PRODUCT_NAME } from '#src/shared/brand.ts';
import type { UserRow } from '#src/server/accounts/users.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { PasskeysTable } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { lazy } from '#src/server/lazy.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import { writeAccountEvent } from './account-events.ts';
import { deviceDescriber, type DescribeDevice } from './devices.ts';
import { passkeyAddedMail, passkeyRemovedMail } from './mails.ts';

// product rules U7: WebAuthn through SimpleWebAuthn. The relying party is the configured public origin
// (APP_ORIGIN), never a request's Host; user verification is required, so a passkey is both factors;
// attestation is `none` (we trust the person, not a make of authenticator).

// The WebAuthn library and its X.509/ASN.1 parsers (about 280 KB of the minified server bundle) are
// loaded at the first passkey request, not at start-up (the cold start budget).
const webauthn = lazy(async () => {
  const [server, { isoBase64URL }] = await Promise.all([import('@simplewebauthn/server'), import('@simplewebauthn/server/helpers')]);
  return { ...server, isoBase64URL };
});

export interface Relying {
  origin: string;
  rpId: string;
}

export const relyingPartyOf = (publicOrigin: string): Relying => ({ origin: publicOrigin, rpId: new URL(publicOrigin).hostname });

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function infoOf(row: PasskeysTable): PasskeyInfo {
  return {
    id: row.id,
    name: row.name,
    device: row.device,
    synced: row.backed_up === 1,
    createdAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_used_at),
  };
}

function deviceName(describeDevice: DescribeDevice, userAgent: string | null): string {
  const { browser, os } = describeDevice(userAgent);
  return [browser, os].filter(Boolean).join(' on ') || 'Unknown device';
}

export function createPasskeys({ db, clock, mailer, relying }: { db: Db; clock: Clock; mailer: Mailer; relying: Relying }) {
  const k = db.kysely;

  async function remember(purpose: 'register' | 'sign-in', userId: string | null, challenge: string): Promise<string> {
    const now = clock();
    const id = randomUUID();
    // Old ones go as new ones come, so the table holds only what may still be answered.
    await k.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
    await k
      .insertInto('passkey_challenges')
      .values({ id, user_id: userId, purpose, challenge, expires_at: now + PASSKEY_CHALLENGE_TTL_MS })
      .execute();
    return id;
  }

  // Single use: the row is deleted as it is read, so a replayed answer finds nothing.
  async function redeem(id: string, purpose: 'register' | 'sign-in', userId: string | null): Promise<string> {
    const row = await k.deleteFrom('passkey_challenges').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row || row.purpose !== purpose || row.user_id !== userId || Number(row.expires_at) <= clock()) {
      throw new HttpError(400, passkeyError.challengeExpired);
    }
    return row.challenge;
  }

  const mine = (userId: string) => k.selectFrom('passkeys').selectAll().where('user_id', '=', userId);

  return {
    async list(userId: string): Promise<PasskeyInfo[]> {
      return (await mine(userId).orderBy('created_at').execute()).map(infoOf);
    },

    async registrationOptions(user: UserRow): Promise<PasskeyOptionsResponse> {
      const { generateRegistrationOptions } = await webauthn();
      const existing = await mine(user.id).execute();
      if (existing.length >= MAX_PASSKEYS) throw new HttpError(409, passkeyError.tooMany);
      const options = await generateRegistrationOptions({
        rpName: PRODUCT_NAME,
        rpID: relying.rpId,
        userName: user.email,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({
          id: row.credential_id,
          transports: JSON.parse(row.transports) as AuthenticatorTransport[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const challengeId = await remember('register', user.id, options.challenge);
      return { options: options as unknown as Record<string, unknown>, challengeId };
    },

    async add(
      user: UserRow,
      input: { challengeId: string; name: string; response: RegistrationResponseJSON },
      userAgent: string | null,
      ip: string | null,
    ): Promise<PasskeyInfo> {
      const expectedChallenge = await redeem(input.challengeId, 'register', user.id);
      const [{ verifyRegistrationResponse, isoBase64URL }, describeDevice] = await Promise.all([webauthn(), deviceDescriber()]);
      const verification = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge,
        expectedOrigin: relying.origin,
        expectedRPID: relying.rpId,
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) throw new HttpError(400, passkeyError.notVerified);
      const { credential, credentialBackedUp } = verification.registrationInfo;
      const now = clock();
      const row: PasskeysTable = {
        id: randomUUID(),
        user_id: user.id,
        credential_id: credential.id,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        backed_up: credentialBackedUp ? 1 : 0,
        name: input.name,
        device: deviceName(describeDevice, userAgent),
        created_at: now,
        last_used_at: null,
      };
      await k.transaction().execute(async (tx) => {
        const count = await tx
          .selectFrom('passkeys')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= MAX_PASSKEYS) throw new HttpError(409, passkeyError.tooMany);
        await tx.insertInto('passkeys').values(row).execute();
        await writeAccountEvent(tx, { userId: user.id, action: 'passkey.add', ip, details: { name: row.name } }, now);
      });
      mailer.send(passkeyAddedMail(user.email, row.name)).catch(() => undefined);
      return infoOf(row);
    },

    async rename(userId: string, id: string, name: string): Promise<PasskeyInfo> {
      const row = await k
        .updateTable('passkeys')
        .set({ name })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new HttpError(404, passkeyError.notFound);
      return infoOf(row);
    },

    async remove(user: UserRow, id: string, sessionStartedAt: number, ip: string | null): Promise<void> {
      const now = clock();
      const row = await mine(user.id).where('id', '=', id).executeTakeFirst();
      if (!row) throw new HttpError(404, passkeyError.notFound);
      if (now - sessionStartedAt > PASSKEY_RECENT_SIGN_IN_MS) throw new HttpError(403, passkeyError.needsRecentSignIn);
      await k.transaction().execute(async (tx) => {
        await tx.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', user.id).execute();
        await writeAccountEvent(tx, { userId: user.id, action: 'passkey.remove', ip, details: { name: row.name } }, now);
      });
      mailer.send(passkeyRemovedMail(user.email, row.name)).catch(() => undefined);
    },

    // Any of the account's passkeys may answer: the browser offers them (discoverable credentials),
    // including in the email field's autofill.
    async signInOptions(): Promise<PasskeyOptionsResponse> {
      const { generateAuthenticationOptions } = await webauthn();
      const options = await generateAuthenticationOptions({ rpID: relying.rpId, userVerification: 'required', allowCredentials: [] });
      const challengeId = await remember('sign-in', null, options.challenge);
      return { options: options as unknown as Record<string, unknown>, challengeId };
    },

    // The user whose passkey answered, once its signature, origin, relying party, user verification and
    // counter check out. A counter that goes back means a cloned authenticator: refused.
    async verifySignIn(challengeId: string, response: AuthenticationResponseJSON, ip: string | null): Promise<string> {
      const expectedChallenge = await redeem(challengeId, 'sign-in', null);
      const { verifyAuthenticationResponse, isoBase64URL } = await webauthn();
      const row = await k.selectFrom('passkeys').selectAll().where('credential_id', '=', response.id).executeTakeFirst();
      if (!row) throw new HttpError(400, passkeyError.unknownPasskey);
      if (response.response.userHandle && response.response.userHandle !== isoBase64URL.fromUTF8String(row.user_id)) {
        throw new HttpError(400, passkeyError.notVerified);
      }
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: relying.origin,
        expectedRPID: relying.rpId,
        requireUserVerification: true,
        credential: {
          id: row.credential_id,
          publicKey: isoBase64URL.toBuffer(row.public_key),
          counter: Number(row.counter),
          transports: JSON.parse(row.transports) as AuthenticatorTransport[],
        },
      }).catch(() => null);
      if (!verification?.verified) throw new HttpError(400, passkeyError.notVerified);
      const now = clock();
      await k
        .updateTable('passkeys')
        .set({
          counter: verification.authenticationInfo.newCounter,
          backed_up: verification.authenticationInfo.credentialBackedUp ? 1 : 0,
          last_used_at: now,
        })
        .where('id', '=', row.id)
        .execute();
      await writeAccountEvent(k, { userId: row.user_id, action: 'passkey.sign-in', ip, details: { name: row.name } }, now);
      return row.user_id;
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
