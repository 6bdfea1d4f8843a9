import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { navCopy } from '#src/shared/messages.ts';

// Escape in a dialog first closes a list open in the focused field (the mention picker), not the dialog.
export function keepOpenWhilePicking(event: KeyboardEvent) {
  if (event.target instanceof HTMLElement && event.target.dataset.picking) event.preventDefault();
}

// A modal on Radix (product rules G5: focus trap, Escape, outside click and ARIA done right); BRAND.md: a short
// fade and rise on open.
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-scrim/50 transition-opacity duration-200 starting:opacity-0" />
        <RadixDialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-white p-6 shadow-xl transition duration-200 sm:p-8 starting:translate-y-[calc(-50%+0.5rem)] starting:opacity-0"
          onEscapeKeyDown={keepOpenWhilePicking}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="pr-8 text-2xl font-bold tracking-tight text-slate-900">{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className="mt-2 text-sm text-slate-600">{description}</RadixDialog.Description> : null}
          <div className="mt-6">{children}</div>
          <RadixDialog.Close
            className="absolute top-3 right-3 flex size-9 items-center justify-center rounded-control text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            aria-label={navCopy.close}
          >
            <X className="size-5" aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
