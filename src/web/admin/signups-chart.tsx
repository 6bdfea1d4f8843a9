import type { SignupsResponse } from '#src/shared/admin/paths.ts';
import { adminUi } from '#src/shared/admin/messages.ts';

const WIDTH = 600;
const HEIGHT = 200;
const AXIS = 32;

// View Analytics (product rules A5): one bar per day, drawn as SVG (no chart library reaches `/`). The
// figures are also a list for screen readers, each bar titled with its day and count.
export function SignupsChart({ days }: SignupsResponse) {
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const most = Math.max(1, ...days.map((day) => day.count));
  const slot = WIDTH / days.length;
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} className="h-auto w-full" role="img" aria-label={adminUi.chartLabel(total)}>
        <line x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-slate-300" strokeWidth="1" />
        {days.map((day, index) => {
          const height = (day.count / most) * (HEIGHT - 12);
          return (
            <rect
              key={day.date}
              x={index * slot + slot * 0.15}
              y={HEIGHT - height}
              width={slot * 0.7}
              height={Math.max(height, day.count > 0 ? 2 : 0)}
              rx="2"
              className="fill-accent-600"
            >
              <title>{adminUi.dayBar(day.date, day.count)}</title>
            </rect>
          );
        })}
        <text x="0" y={HEIGHT + 24} className="fill-slate-600 text-[18px]">
          {days[0]?.date}
        </text>
        <text x={WIDTH} y={HEIGHT + 24} textAnchor="end" className="fill-slate-600 text-[18px]">
          {days.at(-1)?.date}
        </text>
        <text x="0" y="16" className="fill-slate-600 text-[18px]">
          {most}
        </text>
      </svg>
      <figcaption className="mt-2 text-sm text-slate-700">{adminUi.analyticsSummary(total)}</figcaption>
    </figure>
  );
}
