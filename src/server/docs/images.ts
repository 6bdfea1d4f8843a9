import { randomUUID } from 'node:crypto';
import { docsError } from '#src/shared/docs/messages.ts';
import {
  docsPaths,
  IMAGE_BYTES_PER_WORKSPACE,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  type ImageType,
  type PageImageResponse,
} from '#src/shared/docs/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { readWorkspace, refuseUnless, withWorkspace } from '#src/server/workspace-access/door.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { findPage } from './service.ts';

const MB = 1024 * 1024;

// What each type's file starts with: a file is taken for what its bytes are, not for what it is called.
const SIGNATURES: Record<ImageType, (bytes: Buffer) => boolean> = {
  'image/png': (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (bytes) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/gif': (bytes) => ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1')),
  'image/webp': (bytes) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
};

export const isImageType = (type: string): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type);

// Images put into docs pages: stored with the page in the database (both engines, in every backup,
// gone with the page), served to the workspace's members only, never to a guest or another workspace.
export function createPageImages({ db, clock, limiter }: { db: Db; clock: Clock; limiter: Pick<RateLimiter, 'perPerson'> }) {
  const k = db.kysely;

  return {
    // Asked before an upload's body is read: a member (not a guest), within the allowance. The page is
    // looked up with the upload, under the workspace's lock.
    async mayUpload(scope: WorkspaceScope): Promise<void> {
      refuseUnless(scope.role, 'member');
      await limiter.perPerson('docImage', scope.actor.userId, scope.workspaceId);
    },

    async upload(scope: WorkspaceScope, pageId: string, type: string, bytes: Buffer): Promise<PageImageResponse> {
      if (bytes.length === 0) throw new HttpError(400, docsError.imageEmpty);
      if (!isImageType(type) || !SIGNATURES[type](bytes)) throw new HttpError(415, docsError.imageType);
      if (bytes.length > IMAGE_MAX_BYTES) throw new HttpError(413, docsError.imageTooLarge(IMAGE_MAX_BYTES / MB));
      const id = randomUUID();
      await withWorkspace(k, scope, 'member', async (tx) => {
        await findPage(tx, scope.workspaceId, pageId);
        const used = await tx
          .selectFrom('doc_images')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
          .where('workspace_id', '=', scope.workspaceId)
          .executeTakeFirstOrThrow();
        if (Number(used.bytes) + bytes.length > IMAGE_BYTES_PER_WORKSPACE) {
          throw new HttpError(413, docsError.imagesFull(IMAGE_BYTES_PER_WORKSPACE / MB));
        }
        await tx
          .insertInto('doc_images')
          .values({
            id,
            workspace_id: scope.workspaceId,
            page_id: pageId,
            content_type: type,
            size: bytes.length,
            bytes,
            created_by: scope.actor.userId,
            created_at: clock(),
          })
          .execute();
      });
      return { image: { id, url: `/api${workspacePath(docsPaths.image, { id: scope.workspaceId, pageId, imageId: id })}` } };
    },

    async read(scope: WorkspaceScope, pageId: string, imageId: string): Promise<{ type: string; bytes: Buffer }> {
      const row = await readWorkspace(k, scope, 'member', (reader) =>
        reader
          .selectFrom('doc_images')
          .select(['content_type', 'bytes'])
          .where('workspace_id', '=', scope.workspaceId)
          .where('page_id', '=', pageId)
          .where('id', '=', imageId)
          .executeTakeFirst(),
      );
      if (!row) throw new HttpError(404, docsError.imageNotFound);
      return { type: row.content_type, bytes: Buffer.from(row.bytes) };
    },
  };
}

export type PageImages = ReturnType<typeof createPageImages>;
