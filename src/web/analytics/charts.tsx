import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { AreaStack, Bar } from '@visx/shape';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AnalyticsResponse } from '#src/shared/analytics/paths.ts';
import { analyticsCopy } from '#src/shared/analytics/messages.ts';

// Colours that keep 3:1 against the card in either theme and apart from each other (WCAG 1.4.11), for
// series in order: the --chart-n tokens of styles.css.
export const SERIES = Array.from({ length: 8 }, (_, index) => `var(--chart-${index + 1})`);
const AXIS = 'var(--color-slate-400)';
const HEIGHT = 240;
const margin = { top: 12, right: 12, bottom: 36, left: 40 };
const axisLabel = { fill: 'var(--color-slate-700)', fontSize: 11 } as const;

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

// An SVG chart named by its summary; the same figures are a table one click away (chart-card.tsx).
function ChartFrame({ summary, children }: { summary: string; children: (width: number) => ReactNode }) {
  const [ref, width] = useWidth();
  return (
    <div ref={ref} className="w-full">
      {width > 0 ? (
        <svg role="img" aria-label={summary} width={width} height={HEIGHT}>
          {children(width)}
        </svg>
      ) : (
        <div style={{ height: HEIGHT }} />
      )}
    </div>
  );
}

export function Legend({ items }: { items: Array<{ label: string; color: string }> }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { timeZone: 'UTC', month: 'short', day: 'numeric' });
// Tasks come in whole numbers: a count axis shows no 0.5.
const counts = (scale: { ticks: (count: number) => number[] }) => scale.ticks(4).filter(Number.isInteger);
// At most this many labels fit under an axis at this width.
const every = (count: number, width: number) => Math.max(1, Math.ceil(count / Math.max(2, Math.floor(width / 70))));

type CountScale = ReturnType<typeof scaleLinear<number>>;

// Counts up the left, days along the bottom: as many day labels as fit the width.
function DayAxes({
  x,
  y,
  days,
  width,
}: {
  x: ReturnType<typeof scaleBand<string>> | ReturnType<typeof scalePoint<string>>;
  y: CountScale;
  days: string[];
  width: number;
}) {
  const step = every(days.length, width);
  return (
    <>
      <AxisLeft scale={y} tickValues={counts(y)} tickFormat={String} tickLabelProps={axisLabel} stroke={AXIS} tickStroke={AXIS} />
      <AxisBottom
        top={y(0)}
        scale={x}
        tickValues={days.filter((_, index) => index % step === 0)}
        tickFormat={shortDate}
        tickLabelProps={axisLabel}
        stroke={AXIS}
        tickStroke={AXIS}
      />
    </>
  );
}

export function WeeklyChart({ figures }: { figures: AnalyticsResponse }) {
  const { weeks } = figures;
  const created = weeks.reduce((sum, week) => sum + week.created, 0);
  const completed = weeks.reduce((sum, week) => sum + week.completed, 0);
  return (
    <ChartFrame summary={analyticsCopy.chartSummary.weeks(weeks.length, created, completed)}>
      {(width) => {
        const inner = width - margin.left - margin.right;
        const x = scaleBand({ domain: weeks.map((week) => week.week), range: [0, inner], padding: 0.25 });
        const y = scaleLinear({
          domain: [0, Math.max(1, ...weeks.map((week) => Math.max(week.created, week.completed)))],
          range: [HEIGHT - margin.top - margin.bottom, 0],
          nice: true,
        });
        const half = x.bandwidth() / 2;
        return (
          <Group left={margin.left} top={margin.top}>
            {weeks.map((week) => (
              <Group key={week.week} left={x(week.week) ?? 0}>
                <Bar x={0} y={y(week.created)} width={half} height={y(0) - y(week.created)} fill={SERIES[0]} />
                <Bar x={half} y={y(week.completed)} width={half} height={y(0) - y(week.completed)} fill={SERIES[1]} />
              </Group>
            ))}
            <DayAxes x={x} y={y} days={weeks.map((week) => week.week)} width={inner} />
          </Group>
        );
      }}
    </ChartFrame>
  );
}

export function FlowChart({ figures }: { figures: AnalyticsResponse }) {
  const { flow, columns } = figures;
  const keys = columns.map((_, index) => index);
  return (
    <ChartFrame summary={analyticsCopy.chartSummary.flow(flow.length, columns.map((column) => column.name).join(', '))}>
      {(width) => {
        const inner = width - margin.left - margin.right;
        const x = scalePoint({ domain: flow.map((day) => day.day), range: [0, inner] });
        const top = Math.max(1, ...flow.map((day) => day.counts.reduce((sum, count) => sum + count, 0)));
        const y = scaleLinear({ domain: [0, top], range: [HEIGHT - margin.top - margin.bottom, 0], nice: true });
        return (
          <Group left={margin.left} top={margin.top}>
            {/* The last column (Done) at the bottom, as a cumulative flow diagram stacks it. */}
            <AreaStack
              keys={[...keys].reverse()}
              data={flow}
              value={(day, key) => day.counts[key as number] ?? 0}
              x={(point) => x(point.data.day) ?? 0}
              y0={(point) => y(point[0])}
              y1={(point) => y(point[1])}
            >
              {({ stacks, path }) =>
                stacks.map((stack) => (
                  <path key={stack.key} d={path(stack) ?? ''} fill={SERIES[Number(stack.key) % SERIES.length]} fillOpacity={0.85} />
                ))
              }
            </AreaStack>
            <DayAxes x={x} y={y} days={flow.map((day) => day.day)} width={inner} />
          </Group>
        );
      }}
    </ChartFrame>
  );
}

export function AssigneeChart({ figures }: { figures: AnalyticsResponse }) {
  const people = figures.assignees;
  const height = HEIGHT;
  return (
    <ChartFrame summary={analyticsCopy.chartSummary.people(people.length)}>
      {(width) => {
        const left = Math.min(140, Math.floor(width / 3));
        const inner = width - left - margin.right;
        const y = scaleBand({
          domain: people.map((person) => person.id ?? ''),
          range: [0, height - margin.top - margin.bottom],
          padding: 0.25,
        });
        const x = scaleLinear({
          domain: [0, Math.max(1, ...people.map((person) => person.completed + person.open))],
          range: [0, inner],
          nice: true,
        });
        const names = new Map(people.map((person) => [person.id ?? '', person.name]));
        return (
          <Group left={left} top={margin.top}>
            {people.map((person) => {
              const top = y(person.id ?? '') ?? 0;
              return (
                <Group key={person.id ?? ''} top={top}>
                  <Bar x={0} width={x(person.completed)} height={y.bandwidth()} fill={SERIES[1]} />
                  <Bar x={x(person.completed)} width={x(person.open)} height={y.bandwidth()} fill={SERIES[2]} />
                </Group>
              );
            })}
            <AxisLeft
              scale={y}
              tickFormat={(id) => names.get(id) ?? ''}
              tickLabelProps={{ ...axisLabel, width: left - 8 }}
              stroke={AXIS}
              hideTicks
            />
            <AxisBottom
              top={height - margin.top - margin.bottom}
              scale={x}
              numTicks={4}
              tickLabelProps={axisLabel}
              stroke={AXIS}
              tickStroke={AXIS}
            />
          </Group>
        );
      }}
    </ChartFrame>
  );
}
