import { workspaceCopy } from '#src/shared/messages.ts';
import { ActionCards, FigureRow } from '#src/web/workspace/components/figure-cards.tsx';
import { PageHeading } from '#src/web/workspace/components/panel-card.tsx';
import { aiCards, aiFigures } from '#src/web/workspace/sample-data/sample-planning.ts';

// spec 2: cards with static buttons and sample figures.
export default function AiModePage() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeading title={workspaceCopy.aiMode} lead="Let the assistant draft tasks and summaries; you decide what stays." />
      <FigureRow figures={aiFigures} />
      <ActionCards cards={aiCards} />
    </div>
  );
}
