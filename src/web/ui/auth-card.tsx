import type { ReactNode } from 'react';
import { Logo } from './logo.tsx';

// The account screens (spec 2) have no top navigation bar: a centred card under the logo.
export function AuthCard({
  title,
  lead,
  back,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  // A link back to the previous step, above the heading.
  back?: ReactNode;
  children: ReactNode;
  // Below the card: the way to the other flow ("Already have an account?").
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-10 sm:justify-center sm:py-16">
      <Logo />
      <div className="mt-8 w-full max-w-md rounded-card border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {back ? <div className="mb-5">{back}</div> : null}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {lead ? <p className="mt-2 text-sm text-slate-600">{lead}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
    </div>
  );
}
