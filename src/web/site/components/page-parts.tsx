import type { ReactNode } from 'react';
import { Link } from '#src/web/routing/links.tsx';
import { buttonClass } from '#src/web/ui/button-class.ts';

// The building blocks every public page shares: one look for headings, sections and calls to action.
export function PageHero({ eyebrow, title, lead, children }: { eyebrow?: string; title: string; lead: string; children?: ReactNode }) {
  return (
    <header className="border-b border-slate-100 bg-gradient-to-b from-accent-50/60 to-white">
      <div className="mx-auto max-w-5xl px-4 py-14 text-center sm:py-20">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-slate-600">{lead}</p>
        {children ? <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div> : null}
      </div>
    </header>
  );
}

export function Section({
  id,
  title,
  lead,
  children,
  tone = 'white',
}: {
  id?: string;
  title?: string;
  lead?: string;
  children: ReactNode;
  tone?: 'white' | 'slate';
}) {
  return (
    <section
      id={id}
      className={`scroll-mt-20 ${tone === 'slate' ? 'bg-slate-50' : 'bg-white'}`}
      aria-labelledby={title && id ? `${id}-title` : undefined}
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        {title ? (
          <div className="mx-auto mb-10 max-w-2xl text-center">
            <h2 id={id ? `${id}-title` : undefined} className="text-3xl font-bold tracking-tight text-slate-900">
              {title}
            </h2>
            {lead ? <p className="mt-3 text-lg text-slate-600">{lead}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-card border border-slate-200 bg-white p-6 shadow-sm ${className}`}>{children}</div>;
}

// Other pages than the landing link to /register as the beta application (spec 1).
export function ApplyForBeta({ className = '' }: { className?: string }) {
  return (
    <Link to="/register" className={`${buttonClass('primary')} ${className}`}>
      Apply for Beta
    </Link>
  );
}

export function CtaBand({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    // Dark in both themes, like the app's rail, so it reads as the page's closing band either way.
    <section className="bg-rail">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center">
        <h2 className="text-3xl font-bold tracking-tight text-rail-ink-strong">{title}</h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-rail-ink">{lead}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}
