import { notificationCopy } from '#src/shared/notifications/messages.ts';
import { cn } from './cn.ts';

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
// match, one highlighted, or a line saying none does. Picking with the mouse keeps focus (and the
// caret) where one is typing; option ids are `${listId}-${member id}`, for aria-activedescendant.
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
    <ul
      id={listId}
      role="listbox"
      aria-label={notificationCopy.mentionPicker}
      className={cn('z-50 max-h-60 overflow-y-auto rounded-card border border-slate-200 bg-white p-1 text-sm shadow-lg', className)}
    >
      {members.length === 0 ? (
        <li role="presentation" className="px-2.5 py-2 text-ink-muted">
          {notificationCopy.noMemberMatches}
        </li>
      ) : (
        members.map((member, index) => (
          <li
            key={member.id}
            id={listId ? `${listId}-${member.id}` : undefined}
            role="option"
            aria-selected={index === active}
            className={cn('cursor-pointer rounded-md px-2.5 py-2 text-slate-800', index === active && 'bg-slate-100 text-slate-900')}
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(member);
            }}
            onMouseEnter={() => onActive(index)}
          >
            {member.name}
          </li>
        ))
      )}
    </ul>
  );
}
