import { notificationCopy } from '#src/shared/notifications/messages.ts';
import { OptionList } from './option-list.tsx';

export interface MentionCandidate {
  id: string;
  name: string;
}

// Shown at most; typing more narrows the list.
const SHOWN = 8;

// The members whose name, or a later part of it, starts with what was typed after `@`.
export function matching(members: MentionCandidate[], query: string): MentionCandidate[] {
  const wanted = query.trim().toLowerCase();
  return members
    .filter((member) =>
      member.name
        .toLowerCase()
        .split(/\s+/)
        .some((_, index, words) => words.slice(index).join(' ').startsWith(wanted)),
    )
    .slice(0, SHOWN);
}

// The list a mention picker shows (`@` in the chat composer, a comment, a docs page): the members that
// match (OptionList).
export function MemberOptions({
  listId,
  members,
  active,
  onPick,
  onActive,
  className,
}: {
  listId?: string;
  members: MentionCandidate[];
  active: number;
  onPick: (member: MentionCandidate) => void;
  onActive: (index: number) => void;
  className: string;
}) {
  return (
    <OptionList
      label={notificationCopy.mentionPicker}
      empty={notificationCopy.noMemberMatches}
      items={members}
      keyOf={(member) => member.id}
      render={(member) => member.name}
      active={active}
      onPick={onPick}
      onActive={onActive}
      listId={listId}
      className={className}
    />
  );
}
