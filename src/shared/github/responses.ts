// The zod schemas of the GitHub routes' answers, the webhook's included (checked by the server outside
// production; the browser's types in paths.ts are inferred from them). Apart from schemas.ts, which the
// forms load.
import { z } from 'zod';
import { GITHUB_LINK_STATES } from './paths.ts';

export const GithubRepoSchema = z.strictObject({
  id: z.string(),
  fullName: z.string(),
  // The address to paste into GitHub's "Payload URL".
  hookUrl: z.string(),
  createdAt: z.iso.datetime(),
  lastDeliveryAt: z.iso.datetime().nullable(),
  lastEvent: z.string().nullable(),
  // The last delivery Tessera refused after checking its signature, and why.
  lastError: z.string().nullable(),
  lastErrorAt: z.iso.datetime().nullable(),
});

export const GithubReposResponseSchema = z.strictObject({ repos: z.array(GithubRepoSchema) });

export const ConnectedRepoResponseSchema = z.strictObject({
  repo: GithubRepoSchema,
  // Shown once: GitHub's "Secret" field.
  secret: z.string(),
});

export const GithubSettingsAnswerSchema = z.strictObject({
  moveOnOpen: z.boolean(),
  openColumnId: z.string().nullable(),
  moveOnMerge: z.boolean(),
  mergedColumnId: z.string().nullable(),
});

export const GithubSettingsResponseSchema = z.strictObject({ settings: GithubSettingsAnswerSchema });

export const TaskLinkSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(['commit', 'pull_request']),
  repo: z.string(),
  // A commit's short sha or a pull request's number.
  ref: z.string(),
  title: z.string(),
  url: z.string(),
  state: z.enum(GITHUB_LINK_STATES),
  updatedAt: z.iso.datetime(),
});

export const TaskLinksResponseSchema = z.strictObject({ links: z.array(TaskLinkSchema) });

// What GitHub reads back from a delivery (shown in its "Recent Deliveries").
export const HookResponseSchema = z.strictObject({
  ok: z.literal(true),
  linked: z.number().int().min(0),
  moved: z.number().int().min(0),
});
