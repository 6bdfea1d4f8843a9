import { useId, type ComponentProps } from 'react';
import { COMMENT_MAX } from '#src/shared/tasks/paths.ts';
import { cn } from '#src/web/ui/cn.ts';
import { controlClass } from '#src/web/ui/control-class.ts';
import { MentionTextarea } from '#src/web/ui/mention-textarea.tsx';

// The text box of a comment, new or edited, with the `@` mention picker: its label (visible or for screen readers only), and the
// field's error tied to it.
export function CommentField({
  label,
  labelHidden = false,
  error,
  ...textarea
}: { label: string; labelHidden?: boolean; error: string | null | undefined } & ComponentProps<typeof MentionTextarea>) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'block text-sm font-medium text-slate-700'}>
        {label}
      </label>
      <MentionTextarea
        id={id}
        rows={3}
        maxLength={COMMENT_MAX}
        className={cn(controlClass, 'block w-full')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
