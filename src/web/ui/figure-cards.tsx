import { InertButton } from './inert.tsx';
import { PanelCard } from './panel-card.tsx';

export function FigureRow({ figures }: { figures: ReadonlyArray<{ label: string; value: string }> }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {figures.map((figure) => (
        <li key={figure.label} className="rounded-card border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-sm text-slate-600">{figure.label}</p>
          <p className="mt-2 text-3xl font-bold text-slate-900">{figure.value}</p>
        </li>
      ))}
    </ul>
  );
}

export function ActionCards({ cards }: { cards: ReadonlyArray<{ title: string; text: string; action: string }> }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {cards.map((card) => (
        <PanelCard key={card.title} title={card.title}>
          <p className="text-sm text-slate-600">{card.text}</p>
          <InertButton name={card.action} className="mt-4 px-3 py-2" />
        </PanelCard>
      ))}
    </div>
  );
}
