import type { ReactNode } from 'react';
import { clientUi } from '#src/shared/clients/messages.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { LogoMark } from '#src/web/ui/logo.tsx';
import { PRODUCT_NAME } from '#src/shared/brand.ts';

// The portal's own frame: a guest never sees the member shell (its rail, switcher, search or panels).
export function PortalLayout({ children }: { children: ReactNode }) {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <span className="inline-flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
          <LogoMark />
          {PRODUCT_NAME}
        </span>
        <div className="flex items-center gap-3 text-sm text-slate-700">
          <span className="hidden sm:inline">{user?.name}</span>
          <Button variant="secondary" onClick={() => void signOut().then(() => navigate('/', { replace: true }))}>
            {clientUi.signOut}
          </Button>
        </div>
      </header>
      <main id="main" className="px-4 py-6 sm:px-6 lg:px-8">
        {children}
      </main>
    </div>
  );
}
