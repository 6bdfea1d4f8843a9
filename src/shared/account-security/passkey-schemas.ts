// Passkeys (product rules U7): the request schemas. The WebAuthn response itself is checked by
// SimpleWebAuthn on the server; here it is bounded in size and shape only.
import { z } from 'zod';
import { displayName } from '#src/shared/validation.ts';
import { PASSKEY_NAME_MAX } from './passkeys.ts';

const b64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'Not a valid passkey answer.' })
    .max(max);

// A credential as the browser hands it over (base64url fields); extensions and transports pass through.
const credential = <T extends z.ZodRawShape>(response: T) =>
  z.object({
    id: b64url(1024).min(1),
    rawId: b64url(1024).min(1),
    type: z.literal('public-key'),
    response: z.object(response),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()),
  });

export const RegistrationResponseSchema = credential({
  clientDataJSON: b64url(4096),
  attestationObject: b64url(16_384),
  transports: z.array(z.string().max(32)).max(10).optional(),
  authenticatorData: b64url(16_384).optional(),
  publicKey: b64url(4096).optional(),
  publicKeyAlgorithm: z.number().int().optional(),
});

export const AuthenticationResponseSchema = credential({
  clientDataJSON: b64url(4096),
  authenticatorData: b64url(4096),
  signature: b64url(1024),
  userHandle: b64url(1024).optional(),
});

export const PasskeyNameSchema = z.strictObject({ name: displayName('Passkey name', PASSKEY_NAME_MAX) });
const challengeId = z.uuid({ error: 'This passkey request has expired. Please try again.' });
export const AddPasskeySchema = z.strictObject({
  challengeId,
  name: displayName('Passkey name', PASSKEY_NAME_MAX),
  response: RegistrationResponseSchema,
});
export const PasskeySignInSchema = z.strictObject({ challengeId, response: AuthenticationResponseSchema });

export type PasskeyNameBody = z.input<typeof PasskeyNameSchema>;
