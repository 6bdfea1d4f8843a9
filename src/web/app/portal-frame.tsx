import type { ReactNode } from 'react';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { PortalLayout } from '#src/web/portal/portal-layout.tsx';

// The client portal's frame, loaded with the portal page only.
export default function PortalFrame({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <PortalLayout>{children}</PortalLayout>
    </QueryProvider>
  );
}
