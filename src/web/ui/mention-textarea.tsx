import { useId, useRef, useState, type ComponentProps, type KeyboardEvent, type Ref } from 'react';
import { mentionToken } from '#src/shared/notifications/mentions.ts';
import { matching, MemberOptions, type MentionCandidate } from './member-options.tsx';

// `@` at the start or after a space, then what is typed so far (a name may hold spaces, not a new line).
const TYPING = /(?:^|\s)@([^\s@<>][^@<>\n]{0,40}|)$/;

interface Picking {
  // Where the `@` is in the text.
  start: number;
  query: string;
}

function pickingAt(text: string, caret: number): Picking | null {
  const found = TYPING.exec(text.slice(0, caret));
  if (!found) return null;
  return { start: caret - found[1]!.length - 1, query: found[1]! };
}

// Replaces the typed `@query` with the token in place (setRangeText, not the value setter, so React's
// and react-hook-form's record of the old value stays behind and the input event reads as a change).
function insertAt(box: HTMLTextAreaElement, text: string, start: number, end: number) {
  box.setRangeText(text, start, end, 'end');
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

// A text box where `@` opens a list of the workspace's members, narrowed as one types, worked like an
// ARIA combobox: arrows move, Enter or Tab picks, Escape closes. A textarea may take no combobox role
// (ARIA in HTML), so it stays a text box that owns the listbox through aria-controls and names the
// highlighted option with aria-activedescendant; data-picking tells a dialog that Escape is ours. Picking one puts the stored mention token
// in the text (`<@member-id>`), which shows as the member's current name wherever the text is read.
// Works controlled (value + onChange) or with react-hook-form's register.
export function MentionTextarea({
  members,
  ref,
  className,
  onKeyDown,
  onChange,
  onBlur,
  ...textarea
}: ComponentProps<'textarea'> & { members: MentionCandidate[] }) {
  const box = useRef<HTMLTextAreaElement | null>(null);
  const listId = useId();
  const [picking, setPicking] = useState<Picking | null>(null);
  const [active, setActive] = useState(0);
  const options = picking ? matching(members, picking.query) : [];
  // A name with a space in it that matches nobody is plain text again.
  const open = picking !== null && (options.length > 0 || !picking.query.includes(' '));

  const look = (element: HTMLTextAreaElement) => {
    const next = element.selectionStart === element.selectionEnd ? pickingAt(element.value, element.selectionStart) : null;
    if (next?.start !== picking?.start || next?.query !== picking?.query) setActive(0);
    setPicking(next);
  };

  const pick = (member: MentionCandidate) => {
    const element = box.current;
    if (!element || !picking) return;
    insertAt(element, `${mentionToken(member.id)} `, picking.start, element.selectionStart);
    setPicking(null);
  };

  const keys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onKeyDown?.(event);
    // Not defaultPrevented: a dialog around the box prevents Escape's default before it gets here, so
    // that this Escape closes the list and not the dialog.
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length > 0) setActive((at) => (at + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setPicking(null);
    }
  };

  const setRef = (element: HTMLTextAreaElement | null) => {
    box.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) (ref as { current: HTMLTextAreaElement | null }).current = element;
  };

  return (
    <div className="relative">
      <textarea
        {...textarea}
        ref={setRef as Ref<HTMLTextAreaElement>}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && options[active] ? `${listId}-${options[active].id}` : undefined}
        data-picking={open || undefined}
        className={className}
        onChange={(event) => {
          onChange?.(event);
          look(event.currentTarget);
        }}
        onKeyDown={keys}
        onKeyUp={(event) => {
          if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End')
            look(event.currentTarget);
        }}
        onClick={(event) => look(event.currentTarget)}
        onBlur={(event) => {
          onBlur?.(event);
          setPicking(null);
        }}
      />
      {open ? (
        <MemberOptions
          listId={listId}
          members={options}
          active={active}
          onPick={pick}
          onActive={setActive}
          className="absolute inset-x-0 top-full mt-1"
        />
      ) : null}
    </div>
  );
}
