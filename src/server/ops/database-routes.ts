import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  opsPaths,
  type BackupResponse,
  type DatabaseInfoResponse,
  type IntegrityResponse,
  type ScheduleResponse,
} from '#src/shared/ops/paths.ts';
import {
  BackupResponseSchema,
  DatabaseInfoResponseSchema,
  IntegrityResponseSchema,
  ScheduleResponseSchema,
} from '#src/shared/ops/responses.ts';
import { BackupNameSchema, BackupScheduleSchema } from '#src/shared/ops/schemas.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { opsNotice } from '#src/shared/ops/messages.ts';
import { AdminNoBodySchema } from '#src/shared/admin/schemas.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { pathParams } from '#src/server/http/validation.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import type { Db } from '#src/server/db/connect.ts';
import { integrityCheck } from './database-info.ts';
import type { DatabaseTools } from './database-tools.ts';
import { signedInAdmin, SYSTEM_SCOPE } from './settings-routes.ts';

// Database Tools: admins only, like every /admin path (a plain user gets 404). A backup holds every
// account's data, so its download is an admin's alone too, streamed from the file.
export function registerDatabaseRoutes(
  app: FastifyInstance,
  { tools, db, limiter, session }: { tools: DatabaseTools; db: Db; limiter: RateLimiter; session: SessionHelpers },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A name that cannot be a backup's is a backup that is not there: 404, not 400.
  const backupName = (name: string) => {
    const parsed = BackupNameSchema.safeParse(name);
    if (!parsed.success) throw new HttpError(404, parsed.error.issues[0]!.message);
    return parsed.data;
  };
  const oneBackup = { ...session.adminRoute, schema: { params: pathParams('name') } };
  const noBody = <R extends object>(response: R) => ({ ...session.adminRoute, schema: { body: AdminNoBodySchema, response } });

  api.get(
    opsPaths.database,
    { schema: { response: { 200: DatabaseInfoResponseSchema } } },
    async (request, reply): Promise<DatabaseInfoResponse> => {
      await signedInAdmin(session, request, reply);
      return tools.info();
    },
  );

  api.post(opsPaths.integrity, noBody({ 200: IntegrityResponseSchema }), async (request, reply): Promise<IntegrityResponse> => {
    const who = await signedInAdmin(session, request, reply);
    await limiter.perPerson('backup', who.user.id, SYSTEM_SCOPE);
    return integrityCheck(db);
  });

  api.post(opsPaths.backups, noBody({ 201: BackupResponseSchema }), async (request, reply): Promise<BackupResponse> => {
    const who = await signedInAdmin(session, request, reply);
    await limiter.perPerson('backup', who.user.id, SYSTEM_SCOPE);
    const backup = await tools.backupNow(who);
    reply.code(201);
    return { backup };
  });

  api.get(opsPaths.backup, oneBackup, async (request, reply) => {
    await signedInAdmin(session, request, reply);
    const name = backupName(request.params.name);
    const { stream, bytes } = await tools.open(name);
    return reply
      .type('application/octet-stream')
      .header('content-length', String(bytes))
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(stream);
  });

  api.delete(
    opsPaths.backup,
    { ...session.adminRoute, schema: { params: pathParams('name'), response: { 200: OkResponseSchema } } },
    async (request, reply): Promise<OkResponse> => {
      const who = await signedInAdmin(session, request, reply);
      const name = backupName(request.params.name);
      await limiter.checkWrite('backup-delete', who.user.id, SYSTEM_SCOPE);
      await tools.deleteBackup(who, name);
      return { ok: true, message: opsNotice.backupDeleted(name) };
    },
  );

  api.put(
    opsPaths.schedule,
    { ...session.adminRoute, schema: { body: BackupScheduleSchema, response: { 200: ScheduleResponseSchema } } },
    async (request, reply): Promise<ScheduleResponse> => {
      const who = await signedInAdmin(session, request, reply);
      await limiter.checkWrite('backup-schedule', who.user.id, SYSTEM_SCOPE);
      return { schedule: await tools.setSchedule(who, request.body) };
    },
  );
}
