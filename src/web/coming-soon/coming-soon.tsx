import type { LucideIcon } from 'lucide-react';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';

// The shell links these pages (spec 2) but shows no content for them: a clear state, not a dead end.
export function ComingSoon({ title, icon: Icon, text }: { title: string; icon: LucideIcon; text: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center rounded-card border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <Icon className="size-10 text-accent-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm font-semibold tracking-wide text-accent-700 uppercase">{workspaceCopy.comingSoon}</p>
      <p className="mt-3 text-sm text-slate-600">{text}</p>
    </div>
  );
}
