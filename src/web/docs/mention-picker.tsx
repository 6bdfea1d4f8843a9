import type { MentionNodeAttrs, MentionOptions } from '@tiptap/extension-mention';
import { ReactRenderer } from '@tiptap/react';
import { useImperativeHandle, useState, type ReactNode, type Ref } from 'react';
import { MEMBER_MENTION } from '#src/shared/docs/paths.ts';
import { matching, MemberOptions, type MentionCandidate } from '#src/web/ui/member-options.tsx';

type Suggestion<T> = MentionOptions<T, MentionNodeAttrs>['suggestion'];
type Renderer<T> = ReturnType<NonNullable<Suggestion<T>['render']>>;
type SuggestionProps<T> = Parameters<NonNullable<Renderer<T>['onStart']>>[0];

interface PickerHandle {
  onKeyDown: (event: KeyboardEvent) => boolean;
}

// How a picker draws its list: the items that match, the highlighted one, and what picking does.
export type OptionsView<T> = (list: {
  items: T[];
  active: number;
  onPick: (item: T) => void;
  onActive: (index: number) => void;
}) => ReactNode;

type PickerProps<T> = SuggestionProps<T> & { ref?: Ref<PickerHandle>; view: OptionsView<T>; attrs: (item: T) => MentionNodeAttrs };

// The list a mention trigger opens in a page, worked like the chat composer's: arrows move, Enter or Tab
// picks (the editor keeps focus and the caret; the picker answers its keys through the handle).
function Picker<T>({ items, command, ref, view, attrs }: PickerProps<T>) {
  const [active, setActive] = useState(0);
  const [shownFor, setShownFor] = useState(items);
  // A new list (more typed) starts again at its first item.
  if (shownFor !== items) {
    setShownFor(items);
    setActive(0);
  }
  const pick = (item: T | undefined) => item !== undefined && command(attrs(item));
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
  return view({ items, active, onPick: pick, onActive: setActive });
}

// A Tiptap suggestion opened by `char`: the items for what was typed after it, shown under the caret by
// the plugin's own positioning, the picked one becoming the mention's attributes.
export function pickerSuggestion<T>({
  char,
  items,
  view,
  attrs,
}: {
  char: string;
  items: (query: string) => T[] | Promise<T[]>;
  view: OptionsView<T>;
  attrs: (item: T) => MentionNodeAttrs;
}): Partial<Suggestion<T>> {
  return {
    char,
    // Inside the page's main landmark, where a screen reader finds it with the text being written.
    container: 'main',
    items: ({ query }) => items(query),
    render: () => {
      let picker: ReactRenderer<PickerHandle, PickerProps<T>> | null = null;
      let unmount: (() => void) | null = null;
      return {
        onStart: (props) => {
          picker = new ReactRenderer(Picker<T>, { props: { ...props, view, attrs }, editor: props.editor });
          unmount = props.mount(picker.element as HTMLElement);
        },
        onUpdate: (props) => picker?.updateProps({ ...props, view, attrs }),
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

// `@`: the workspace's members narrowed as one types (read through `members()` so the list is current).
export const memberSuggestion = (members: () => MentionCandidate[]) =>
  pickerSuggestion<MentionCandidate>({
    char: MEMBER_MENTION,
    items: (query) => matching(members(), query),
    view: (list) => (
      <MemberOptions members={list.items} active={list.active} onPick={list.onPick} onActive={list.onActive} className="w-64" />
    ),
    attrs: (member) => ({ id: member.id, label: member.name }),
  });
