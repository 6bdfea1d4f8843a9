// The event a GitHub delivery writes to the workspace log for each task a commit or pull request names
// (live streams, Recent Activity): the link as the task shows it.
import type { TaskLink } from './paths.ts';

export type GithubEventData = {
  type: 'github.linked';
  task: { id: string; title: string; key: string };
  link: Omit<TaskLink, 'id' | 'updatedAt'>;
};
