// Docs: pages in a tree per workspace, written together live. Paths are relative to API_BASE.
import type { z } from 'zod';
import type {
  DocNodeSchema,
  LinkedPageSchema,
  PageImageResponseSchema,
  PageResponseSchema,
  PageSchema,
  PagesResponseSchema,
  PageVersionSchema,
  TaskPagesResponseSchema,
  VersionResponseSchema,
  VersionSavedResponseSchema,
  VersionsResponseSchema,
} from './responses.ts';

export const PAGE_TITLE_MAX = 200;
// An icon is one emoji (a few code points when joined: a flag, a skin tone, a family).
export const PAGE_ICON_MAX = 16;
// Pages one workspace may hold, and how deep a tree may nest: a tree deeper than this is no longer read.
export const PAGES_PER_WORKSPACE = 5000;
export const PAGE_DEPTH_MAX = 10;
// A page's shared document, as Yjs state: what one update may carry, and the whole page's stored state.
export const DOC_UPDATE_MAX_BYTES = 512 * 1024;
export const DOC_STATE_MAX_BYTES = 8 * 1024 * 1024;
// A Markdown file one import may bring (larger is a 413), and the versions a page keeps (the oldest go
// first); while people type, a version is kept by itself at most this often.
export const MARKDOWN_MAX_BYTES = 512 * 1024;
export const VERSIONS_PER_PAGE = 100;
export const AUTO_VERSION_EVERY_MS = 10 * 60 * 1000;
// The title a new page gets until someone names it.
export const UNTITLED = 'Untitled';

export const docsPaths = {
  // GET: the workspace's page tree (PagesResponse); POST: a new page (CreatePageSchema).
  pages: '/workspaces/:id/pages',
  // GET: one page (PageResponse); PUT: rename or change its icon (UpdatePageSchema); DELETE: it and its sub-pages.
  page: '/workspaces/:id/pages/:pageId',
  // POST: move under another parent (or to the top) at an index among its new siblings (MovePageSchema).
  move: '/workspaces/:id/pages/:pageId/move',
  // POST: a new page from Markdown (ImportPageSchema), under a parent or at the top.
  importMarkdown: '/workspaces/:id/pages/import',
  // GET: the page's words as a Markdown download.
  markdown: '/workspaces/:id/pages/:pageId/markdown',
  // GET: the page's versions, newest first (VersionsResponse); POST: keep a version of it now.
  versions: '/workspaces/:id/pages/:pageId/versions',
  // GET: one version's content, to read (VersionResponse).
  version: '/workspaces/:id/pages/:pageId/versions/:versionId',
  // POST: the page becomes this version again, for everyone editing it; what it said is kept as a version.
  restore: '/workspaces/:id/pages/:pageId/versions/:versionId/restore',
  // POST: an image for the page, its bytes as the body with its type as Content-Type (PageImageResponse).
  images: '/workspaces/:id/pages/:pageId/images',
  // GET: the image's bytes, to members of the workspace only.
  image: '/workspaces/:id/pages/:pageId/images/:imageId',
  // GET: the pages that mention a task of the workspace (TaskPagesResponse); `:taskId` is its id or key.
  taskPages: '/workspaces/:id/tasks/:taskId/pages',
} as const;

// Images a page may hold: the raster types every browser shows (no SVG, which can carry script).
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
// All images of a workspace together.
export const IMAGE_BYTES_PER_WORKSPACE = 512 * 1024 * 1024;

export type PageImageResponse = z.infer<typeof PageImageResponseSchema>;

// The collaboration socket (Hocuspocus), on the same port as the API. The document name is
// `<workspaceId>/<pageId>`, so the door is asked about the workspace before the page is even looked up.
export const COLLAB_PATH = '/api/collab';
// What starts a mention of a member in a page (Tiptap's mention atom keeps it as its suggestion char).
export const MEMBER_MENTION = '@';
// What starts a mention of a task (a chip showing its key, title and column). A `#` followed by a space
// at the start of a line still makes a heading: the picker closes at the space.
export const TASK_MENTION = '#';
// Distinct tasks one page links to: past this many, the rest of its chips still show, but the tasks do
// not list the page (a bound on what one write of the page asks of the database).
export const TASK_LINKS_PER_PAGE = 500;
export const documentName = (workspaceId: string, pageId: string) => `${workspaceId}/${pageId}`;

// The Yjs fragment Tiptap's Collaboration extension edits (its default name).
export const DOC_FRAGMENT = 'default';

export type Page = z.infer<typeof PageSchema>;
export type PagesResponse = z.infer<typeof PagesResponseSchema>;
export type PageResponse = z.infer<typeof PageResponseSchema>;
// A page that mentions a task, as the task's sheet lists it.
export type LinkedPage = z.infer<typeof LinkedPageSchema>;
export type TaskPagesResponse = z.infer<typeof TaskPagesResponseSchema>;

// How a version came to be: kept by itself while people typed, saved by someone, or what the page said
// just before a restore replaced it.
export const VERSION_KINDS = ['auto', 'saved', 'before-restore'] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];

export type PageVersion = z.infer<typeof PageVersionSchema>;
export type VersionsResponse = z.infer<typeof VersionsResponseSchema>;
// A node of a page's content as ProseMirror JSON.
export type DocNode = z.infer<typeof DocNodeSchema>;
// POST of a version answers the version kept.
export type VersionSavedResponse = z.infer<typeof VersionSavedResponseSchema>;
// The version's content as ProseMirror JSON (the page schema's), shown read-only.
export type VersionResponse = z.infer<typeof VersionResponseSchema>;

// Why the server closed a collaboration socket (the close event's reason), so the page can say so.
export const COLLAB_CLOSE = {
  noAccess: 'no-access',
  tooLarge: 'too-large',
  tooFast: 'too-fast',
} as const;

// The live stream's word that a workspace's page tree changed (a page made, renamed, moved or deleted);
// the tree refetches.
export type DocsEventData = { type: 'docs.changed'; pageId: string };
