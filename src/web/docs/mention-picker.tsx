import type { MentionNodeAttrs, MentionOptions } from '@tiptap/extension-mention';
import { ReactRenderer } from '@tiptap/react';
import { useImperativeHandle, useState, type Ref } from 'react';
import { MEMBER_MENTION } from '#src/shared/docs/paths.ts';
import { matching, MemberOptions, type MentionCandidate } from '#src/web/ui/member-options.tsx';

type Suggestion = MentionOptions<MentionCandidate, MentionNodeAttrs>['suggestion'];
type Renderer = ReturnType<NonNullable<Suggestion['render']>>;
type SuggestionProps = Parameters<NonNullable<Renderer['onStart']>>[0];

interface PickerHandle {
  onKeyDown: (event: KeyboardEvent) => boolean;
}

type PickerProps = SuggestionProps & { ref?: Ref<PickerHandle> };

// The list `@` opens in a page, worked like the chat composer's: arrows move, Enter or Tab picks (the
// editor keeps focus and the caret; the picker answers its keys through the handle).
function MemberPicker({ items, command, ref }: PickerProps) {
  const [active, setActive] = useState(0);
  const [shownFor, setShownFor] = useState(items);
  // A new list (more typed) starts again at its first member.
  if (shownFor !== items) {
    setShownFor(items);
    setActive(0);
  }
  const pick = (member: MentionCandidate | undefined) => member && command({ id: member.id, label: member.name });
  useImperativeHandle(ref, () => ({
    onKeyDown(event) {
      if (items.length === 0) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        setActive((at) => (at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length);
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        pick(items[active]);
        return true;
      }
      return false;
    },
  }));
  return <MemberOptions members={items} active={active} onPick={pick} onActive={setActive} className="w-64" />;
}

// Tiptap's suggestion for member mentions: the workspace's members narrowed as one types (read through
// `members()` so the list is current), shown under the caret by the plugin's own positioning.
export function memberSuggestion(members: () => MentionCandidate[]): Partial<Suggestion> {
  return {
    char: MEMBER_MENTION,
    // Inside the page's main landmark, where a screen reader finds it with the text being written.
    container: 'main',
    items: ({ query }) => matching(members(), query),
    render: () => {
      let picker: ReactRenderer<PickerHandle, PickerProps> | null = null;
      let unmount: (() => void) | null = null;
      return {
        onStart: (props) => {
          picker = new ReactRenderer(MemberPicker, { props, editor: props.editor });
          unmount = props.mount(picker.element as HTMLElement);
        },
        onUpdate: (props) => picker?.updateProps(props),
        onKeyDown: ({ event }) => (event.key === 'Escape' ? false : (picker?.ref?.onKeyDown(event) ?? false)),
        onExit: () => {
          unmount?.();
          picker?.destroy();
          picker = null;
        },
      };
    },
  };
}
