import type { Kysely } from 'kysely';
import { CODE_MAX_TRIES, CODE_TTL_MS } from '#src/shared/limits.ts';
import { serverError } from '#src/shared/server-messages.ts';
import type { CodePurpose, Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { hashCode, newCode } from './secrets.ts';

// product rules S3: hashed, 10 minutes, single use; a new code voids the old one; 5 wrong tries void it.
export function createCodes(k: Kysely<Database>, secret: string) {
  return {
    async issue(userId: string, purpose: CodePurpose, now: number): Promise<string> {
      const code = newCode();
      const values = {
        user_id: userId,
        purpose,
        code_hash: hashCode(secret, userId, purpose, code),
        attempts: 0,
        expires_at: now + CODE_TTL_MS,
        created_at: now,
      };
      await k
        .insertInto('codes')
        .values(values)
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'purpose'])
            .doUpdateSet({ code_hash: values.code_hash, attempts: 0, expires_at: values.expires_at, created_at: now }),
        )
        .execute();
      return code;
    },

    // Checks a code; on success `consume` runs in the same transaction that deletes the code, so a
    // code is used at most once even when two requests race. Every failure (no account, no code, an
    // expired, wrong or exhausted one) gives the same answer, so none tells an account exists.
    async redeem<T>(
      userId: string | undefined,
      purpose: CodePurpose,
      code: string,
      now: number,
      consume: (tx: Kysely<Database>) => Promise<T>,
    ): Promise<T> {
      if (!userId) throw new HttpError(400, serverError.codeInvalid);
      const result = await k.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('codes')
          .selectAll()
          .where('user_id', '=', userId)
          .where('purpose', '=', purpose)
          .executeTakeFirst();
        if (!row) return null;
        if (Number(row.expires_at) <= now) {
          await tx.deleteFrom('codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
          return null;
        }
        if (row.code_hash !== hashCode(secret, userId, purpose, code)) {
          const attempts = row.attempts + 1;
          if (attempts >= CODE_MAX_TRIES) {
            await tx.deleteFrom('codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
            return null;
          }
          await tx.updateTable('codes').set({ attempts }).where('user_id', '=', userId).where('purpose', '=', purpose).execute();
          return null;
        }
        const deleted = await tx
          .deleteFrom('codes')
          .where('user_id', '=', userId)
          .where('purpose', '=', purpose)
          .where('code_hash', '=', row.code_hash)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) !== 1) return null;
        return { value: await consume(tx) };
      });
      if (!result) throw new HttpError(400, serverError.codeInvalid);
      return result.value;
    },
  };
}

export type Codes = ReturnType<typeof createCodes>;
