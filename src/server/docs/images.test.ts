import { describe, expect, it } from 'vitest';
import { docsError } from '#src/shared/docs/messages.ts';
import { IMAGE_BYTES_PER_WORKSPACE, IMAGE_MAX_BYTES } from '#src/shared/docs/paths.ts';
import { personLimits } from '#src/server/http/rate-limit.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { ONE_PIXEL_PNG } from '../../../tests/support/png.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { portalSetup } from '../../../tests/support/clients.ts';
import { cookieOf, team, type Team, useTeam } from '../../../tests/support/tasks.ts';
import { createWorkspace, del, type Person } from '../../../tests/support/workspaces.ts';
import { createPage, pagesPath } from './test-helpers.ts';

const PNG = ONE_PIXEL_PNG;
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const imagesPath = (workspaceId: string, pageId: string) => `${pagesPath(workspaceId)}/${pageId}/images`;
const upload = (p: Person, workspaceId: string, pageId: string, bytes: Buffer, type = 'image/png') =>
  p.c.post(imagesPath(workspaceId, pageId), bytes, { 'content-type': type });

// The image as a browser's <img> fetches it: the bytes, with the person's cookie.
async function fetchImage(t: TestApp, p: Person | null, url: string) {
  const response = await fetch(`${t.url}${url}`, { headers: p ? { cookie: cookieOf(p.c) } : {} });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe.each(engines)('images in docs pages on %s', (engine) => {
  let t: TestApp;
  let tm: Team;
  useTeam(engine, (made) => ({ t, tm } = made));

  it('stores an uploaded image with its page and serves it, unchanged, to members only', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Screens' });
    const answer = await upload(tm.member, tm.id, page.id, PNG);
    expect(answer.status).toBe(201);
    const { url } = answer.body.image;
    expect(url).toBe(`/api${imagesPath(tm.id, page.id)}/${answer.body.image.id}`);

    const seen = await fetchImage(t, tm.owner, url);
    expect(seen).toMatchObject({ status: 200, type: 'image/png', cache: 'private, max-age=31536000, immutable' });
    expect(seen.bytes.equals(PNG)).toBe(true);
    expect((await upload(tm.owner, tm.id, page.id, GIF, 'image/gif')).status).toBe(201);

    // Nobody else: no session, a stranger, and a page of the wrong workspace all meet the same answers.
    expect((await fetchImage(t, null, url)).status).toBe(401);
    const stranger = (await team(t)).owner;
    expect((await fetchImage(t, stranger, url)).status).toBe(404);
    const otherPage = await createPage(tm.owner, tm.id, { title: 'Elsewhere' });
    expect((await fetchImage(t, tm.owner, url.replace(page.id, otherPage.id))).status).toBe(404);

    // Deleting the page deletes its images.
    expect((await del(tm.owner.c, `${pagesPath(tm.id)}/${page.id}`)).status).toBe(200);
    expect((await fetchImage(t, tm.owner, url)).status).toBe(404);
    expect(await t.db.kysely.selectFrom('doc_images').select('id').where('page_id', '=', page.id).execute()).toEqual([]);
  });

  it('answers 404 for another workspace and for a guest, keeping nothing', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Ours' });
    const theirs = await createWorkspace(tm.owner, 'Theirs');
    // A page of one workspace named under another, and an outsider's upload to our page.
    expect((await upload(tm.owner, theirs, page.id, PNG)).status).toBe(404);
    const outsider = (await team(t)).owner;
    expect((await upload(outsider, tm.id, page.id, PNG)).status).toBe(404);
    expect((await upload(tm.owner, tm.id, '00000000-0000-4000-8000-000000000000', PNG)).body).toEqual({ error: docsError.pageNotFound });

    const portal = await portalSetup(t);
    const portalPage = await createPage(portal.owner, portal.id, { title: 'Internal' });
    const kept = await upload(portal.owner, portal.id, portalPage.id, PNG);
    expect((await upload(portal.guest, portal.id, portalPage.id, PNG)).status).toBe(404);
    expect((await fetchImage(t, portal.guest, kept.body.image.url)).status).toBe(404);
    expect(
      await t.db.kysely.selectFrom('doc_images').select('id').where('workspace_id', 'in', [tm.id, theirs, portal.id]).execute(),
    ).toHaveLength(1);
  });

  it('refuses what is not a PNG, JPEG, GIF or WebP by its bytes, an empty or too large file, and a cross-site upload', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Refusals' });
    const refusals = [
      await upload(tm.owner, tm.id, page.id, SVG, 'image/svg+xml'),
      await upload(tm.owner, tm.id, page.id, Buffer.from('not a picture'), 'text/plain'),
      // Named a PNG, but its bytes say otherwise.
      await upload(tm.owner, tm.id, page.id, GIF, 'image/png'),
      await upload(tm.owner, tm.id, page.id, Buffer.from('<html>'), 'image/jpeg'),
    ];
    expect(refusals.map((answer) => answer.status)).toEqual([415, 415, 415, 415]);
    expect(refusals.slice(2).map((answer) => answer.body)).toEqual([{ error: docsError.imageType }, { error: docsError.imageType }]);
    expect(refusals.every((answer) => typeof answer.body.error === 'string')).toBe(true);

    expect((await upload(tm.owner, tm.id, page.id, Buffer.alloc(0))).status).toBe(400);
    const huge = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]);
    const tooLarge = await upload(tm.owner, tm.id, page.id, huge);
    expect(tooLarge.status).toBe(413);
    expect(typeof tooLarge.body.error).toBe('string');

    const crossSite = await tm.owner.c.post(imagesPath(tm.id, page.id), PNG, {
      'content-type': 'image/png',
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(await t.db.kysely.selectFrom('doc_images').select('id').where('page_id', '=', page.id).execute()).toEqual([]);
  });

  it("refuses an image past the workspace's allowance", async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Full' });
    // The workspace's images already fill all but a few bytes of it.
    await t.db.kysely
      .insertInto('doc_images')
      .values({
        id: '00000000-0000-4000-8000-0000000000a1',
        workspace_id: tm.id,
        page_id: page.id,
        content_type: 'image/png',
        size: IMAGE_BYTES_PER_WORKSPACE - 10,
        bytes: PNG,
        created_by: tm.owner.id,
        created_at: Date.now(),
      })
      .execute();
    const answer = await upload(tm.owner, tm.id, page.id, PNG);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ error: docsError.imagesFull(IMAGE_BYTES_PER_WORKSPACE / 1024 / 1024) });
  });
});

describe.each(engines)('the image upload limit on %s', (engine) => {
  const app = useTestApp(engine);

  it('stops one person past their uploads in an hour with a 429', async () => {
    const t = app();
    const tm = await team(t);
    const page = await createPage(tm.owner, tm.id, { title: 'Many' });
    const max = personLimits.docImage.person.max;
    for (let n = 0; n < max; n += 1) expect((await upload(tm.owner, tm.id, page.id, PNG)).status).toBe(201);
    const refused = await upload(tm.owner, tm.id, page.id, PNG);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    // A teammate still uploads.
    expect((await upload(tm.member, tm.id, page.id, PNG)).status).toBe(201);
  });
});
