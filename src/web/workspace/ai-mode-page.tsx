import { workspaceCopy } from '~/shared/messages';
import { ActionCards, FigureRow } from './components/figure-cards';
import { PageHeading } from './components/panel-card';
import { aiCards, aiFigures } from './sample-data/sample-planning';

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
