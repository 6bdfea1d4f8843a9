// The zod schemas of the docs routes' JSON answers (checked by the server outside production; the
// browser's types in paths.ts are inferred from them). Apart from schemas.ts, which the forms load.
import { z } from 'zod';
import { VERSION_KINDS } from './paths.ts';

export const PageSchema = z.strictObject({
  id: z.string(),
  parentId: z.string().nullable(),
  // Order among its siblings, from 0.
  position: z.number().int().min(0),
  title: z.string(),
  icon: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const PagesResponseSchema = z.strictObject({ pages: z.array(PageSchema) });
export const PageResponseSchema = z.strictObject({ page: PageSchema });

// A page that mentions a task, as the task's sheet lists it.
export const LinkedPageSchema = z.strictObject({ id: z.string(), title: z.string(), icon: z.string().nullable() });
export const TaskPagesResponseSchema = z.strictObject({ pages: z.array(LinkedPageSchema) });

export const PageVersionSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(VERSION_KINDS),
  // Who saved or restored it, or whose typing it kept; null once that account is gone.
  author: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});

export const VersionsResponseSchema = z.strictObject({
  versions: z.array(PageVersionSchema),
  // How many a page keeps (VERSIONS_PER_PAGE), so the panel can say so.
  kept: z.number().int(),
});
export const VersionSavedResponseSchema = z.strictObject({ version: PageVersionSchema });

// ProseMirror JSON (the page schema's nodes and marks; their attributes are the extensions' own).
const attrs = z.record(z.string(), z.unknown()).optional();
export const DocNodeSchema = z.strictObject({
  type: z.string(),
  attrs,
  get content() {
    return z.array(DocNodeSchema).optional();
  },
  marks: z.array(z.strictObject({ type: z.string(), attrs })).optional(),
  text: z.string().optional(),
});

export const VersionResponseSchema = z.strictObject({
  version: PageVersionSchema,
  // The version's content, shown read-only.
  content: DocNodeSchema,
});

export const PageImageResponseSchema = z.strictObject({ image: z.strictObject({ id: z.string(), url: z.string() }) });
