import { InertButton } from './inert.tsx';
import { PanelCard } from './panel-card.tsx';

export function QuickActions({ title, actions }: { title: string; actions: readonly string[] }) {
  return (
    <PanelCard title={title}>
      <div className="grid gap-2">
        {actions.map((action) => (
          <InertButton key={action} name={action} className="w-full px-4 py-2.5" />
        ))}
      </div>
    </PanelCard>
  );
}
