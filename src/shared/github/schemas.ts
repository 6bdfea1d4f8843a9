// The zod request schemas of the GitHub integration (validated by the server, reused by the forms).
import { z } from 'zod';
import { entityId, text } from '#src/shared/validation.ts';
import { GITHUB_REPO_NAME_MAX } from './paths.ts';

// owner/name, as GitHub spells a repository.
export const ConnectRepoSchema = z.strictObject({
  fullName: text('Repository')
    .trim()
    .max(GITHUB_REPO_NAME_MAX, { error: `Repository must be at most ${GITHUB_REPO_NAME_MAX} characters.` })
    .regex(/^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/, { error: 'Repository must be written owner/name, e.g. acme/website.' }),
});

const column = entityId('Column').nullable();
const on = (label: string) => z.boolean({ error: `${label} must be true or false.` });

export const GithubSettingsSchema = z.strictObject({
  moveOnOpen: on('Move on open'),
  openColumnId: column,
  moveOnMerge: on('Move on merge'),
  mergedColumnId: column,
});

export type ConnectRepoBody = z.input<typeof ConnectRepoSchema>;
export type GithubSettingsBody = z.input<typeof GithubSettingsSchema>;
