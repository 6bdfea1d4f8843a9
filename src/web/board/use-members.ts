import { useEffect, useState } from 'react';
import type { WorkspaceMember } from '#src/shared/workspaces.ts';
import { workspacesApi } from '#src/web/lib/workspaces-api.ts';

export type MemberLookup = ReadonlyMap<string, WorkspaceMember>;

const none: MemberLookup = new Map();

// The workspace's members, for assignees (issue 16: an assignee must be a member) and comment authors.
// Until they arrive, cards show no avatar; a failure leaves them out rather than blocking the board.
export function useMembers(workspaceId: string): { members: MemberLookup; list: WorkspaceMember[] } {
  const [list, setList] = useState<WorkspaceMember[]>([]);
  const [members, setMembers] = useState<MemberLookup>(none);
  useEffect(() => {
    let active = true;
    workspacesApi.detail(workspaceId).then(
      (answer) => {
        if (!active) return;
        setList(answer.members);
        setMembers(new Map(answer.members.map((member) => [member.userId, member])));
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [workspaceId]);
  return { members, list };
}
