// What the docs tests share: a page made over HTTP, and a page opened over the collaboration socket as
// the test's person.
import { afterEach } from 'vitest';
import type { Page } from '#src/shared/docs/paths.ts';
import { connectPage, type OpenPage } from '../../../tests/support/doc-socket.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { cookieOf } from '../../../tests/support/tasks.ts';
import type { Person } from '../../../tests/support/workspaces.ts';

export const pagesPath = (workspaceId: string) => `/workspaces/${workspaceId}/pages`;
export const markdownPath = (workspaceId: string, pageId: string) => `${pagesPath(workspaceId)}/${pageId}/markdown`;

export async function createPage(p: Person, workspaceId: string, body: Record<string, unknown> = {}): Promise<Page> {
  const answer = await p.c.post(pagesPath(workspaceId), body);
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.page;
}

export const openPage = (t: TestApp, p: Person, workspaceId: string, pageId: string, origin = t.url): OpenPage =>
  connectPage({ url: t.url, cookie: cookieOf(p.c), workspaceId, pageId, origin });

// Opens pages like openPage, and closes every one of them after each test of the describe block.
export function useOpenPages() {
  const opened: OpenPage[] = [];
  afterEach(() => opened.splice(0).forEach((page) => page.destroy()));
  return (...args: Parameters<typeof openPage>): OpenPage => {
    const page = openPage(...args);
    opened.push(page);
    return page;
  };
}
