import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { WorkspaceMember } from '#src/shared/workspaces/paths.ts';
import { workspaceDetailQuery } from '#src/web/lib/my-workspaces-api.ts';
import type { MentionCandidate } from '#src/web/ui/member-options.tsx';

export type MemberLookup = ReadonlyMap<string, WorkspaceMember>;

const nobody: WorkspaceMember[] = [];

// The workspace's members, for assignees (an assignee must be a member) and comment authors: the same
// cached answer the settings page reads. Until it arrives, cards show no avatar; a failure leaves them
// out rather than blocking the board.
export function useMembers(workspaceId: string): { members: MemberLookup; list: WorkspaceMember[] } {
  const { data } = useQuery(workspaceDetailQuery(workspaceId));
  const list = data?.members ?? nobody;
  const members = useMemo<MemberLookup>(() => new Map(list.map((member) => [member.userId, member])), [list]);
  return { members, list };
}

// Who the `@` picker offers: the workspace's members (the portal's clients are no members).
export const mentionCandidates = (members: readonly WorkspaceMember[]): MentionCandidate[] =>
  members.map((member) => ({ id: member.userId, name: member.name }));
