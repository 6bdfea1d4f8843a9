import { buttonClass } from '#src/web/ui/button-class.ts';
import { cn } from '#src/web/ui/cn.ts';
import { inertAction } from './inert-action.ts';
import { PanelCard } from './panel-card.tsx';

export function QuickActions({ title, actions }: { title: string; actions: readonly string[] }) {
  return (
    <PanelCard title={title}>
      <div className="grid gap-2">
        {actions.map((action, index) => (
          <button
            key={action}
            type="button"
            onClick={inertAction(action)}
            className={cn(buttonClass(index === 0 ? 'primary' : 'secondary'), 'w-full justify-start')}
          >
            {action}
          </button>
        ))}
      </div>
    </PanelCard>
  );
}
