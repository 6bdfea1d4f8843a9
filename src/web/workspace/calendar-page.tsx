import { workspaceCopy } from '#src/shared/messages.ts';
import { FigureRow } from '#src/web/workspace/components/figure-cards.tsx';
import { InertButton } from '#src/web/workspace/components/inert.tsx';
import { PageHeading, PanelCard } from '#src/web/workspace/components/panel-card.tsx';
import { calendarEvents, calendarFigures } from '#src/web/workspace/sample-data/sample-planning.ts';

// spec 2: cards with static buttons and sample figures.
export default function CalendarPage() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeading title={workspaceCopy.calendar} lead="Meetings, deadlines and focus time for your team." />
      <FigureRow figures={calendarFigures} />
      <PanelCard title="This week" action={<InertButton name="Create Event" className="px-3 py-1.5" />}>
        <ul className="divide-y divide-slate-100">
          {calendarEvents.map((event) => (
            <li key={event.title} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="text-sm font-medium text-slate-900">{event.title}</p>
                <p className="text-xs text-slate-500">{event.who}</p>
              </div>
              <p className="text-sm text-slate-600">{event.when}</p>
            </li>
          ))}
        </ul>
      </PanelCard>
    </div>
  );
}
