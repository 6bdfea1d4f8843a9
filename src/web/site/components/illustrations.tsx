// BRAND.md: product pictures drawn with HTML and CSS, no bitmaps.
const columns = [
  { title: 'To do', cards: ['Write launch email', 'Client logo files'] },
  { title: 'In progress', cards: ['Pricing page copy', 'Slack import'] },
  { title: 'Done', cards: ['Beta invite list'] },
];

export function KanbanPicture() {
  return (
    <div className="grid grid-cols-3 gap-3 rounded-card border border-slate-200 bg-slate-50 p-4" aria-hidden="true">
      {columns.map((column) => (
        <div key={column.title} className="space-y-2">
          <p className="text-xs font-semibold text-slate-500">{column.title}</p>
          {column.cards.map((card) => (
            <div key={card} className="rounded-md border border-slate-200 bg-white p-2 text-xs text-slate-700 shadow-xs">
              {card}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

export function ChatPicture() {
  return (
    <div className="space-y-3 rounded-card border border-slate-200 bg-slate-50 p-4 text-sm" aria-hidden="true">
      <p className="w-fit max-w-[80%] rounded-2xl rounded-bl-sm bg-white px-3 py-2 text-slate-700 shadow-xs">
        Can we ship the pricing page today?
      </p>
      <p className="ml-auto w-fit max-w-[80%] rounded-2xl rounded-br-sm bg-accent-600 px-3 py-2 text-white">
        Yes — copy is in review, task moved to Done at 4 pm.
      </p>
      <p className="w-fit max-w-[80%] rounded-2xl rounded-bl-sm bg-white px-3 py-2 text-slate-700 shadow-xs">
        Great, I'll tell the client in the portal.
      </p>
    </div>
  );
}

export function ChartPicture() {
  const bars = [40, 55, 48, 70, 64, 82, 90];
  return (
    <div className="flex h-40 items-end gap-2 rounded-card border border-slate-200 bg-slate-50 p-4" aria-hidden="true">
      {bars.map((height, index) => (
        <div key={index} className="flex-1 rounded-t bg-accent-500" style={{ height: `${height}%` }} />
      ))}
    </div>
  );
}
