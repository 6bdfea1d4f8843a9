import { Check } from 'lucide-react';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import {
  COMPETITOR_RATES,
  formatDollars,
  perUserCost,
  productCost,
  savings,
  SLIDER_DEFAULT,
  SLIDER_MAX,
  SLIDER_MIN,
  TIERS,
} from '#src/shared/site/team-pricing.ts';

const included = ['Kanban boards', 'Team chat', 'Docs', 'Client portal', 'Analytics', 'AI task creation', 'All integrations'];

// The tier names are headings one level below the section that holds them.
export function PricingTiers({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {TIERS.map((tier, index) => (
        <li
          key={tier.name}
          className={`relative rounded-card border bg-white p-6 shadow-sm ${tier.popular ? 'border-accent-600 ring-2 ring-accent-600' : 'border-slate-200'}`}
        >
          {tier.popular ? (
            <span className="absolute -top-3 left-6 rounded-full bg-accent-600 px-3 py-0.5 text-xs font-bold tracking-wide text-white">
              POPULAR
            </span>
          ) : null}
          <Heading className="text-lg font-semibold text-slate-900">{tier.name}</Heading>
          <p className="mt-3 flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight text-slate-900">{formatDollars(tier.monthly)}</span>
            <span className="text-sm text-slate-600">/ month</span>
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {index === 0 ? 'Up to 3 users' : `${TIERS[index - 1]!.maxUsers + 1} to ${tier.maxUsers} users`} · {tier.perUserNote}
          </p>
          <ul className="mt-5 space-y-2 text-sm text-slate-700">
            {included.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <Check className="size-4 text-green-700" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

// spec 9: the comparison slider, 1 to 100 users, default 15.
export function CostSlider() {
  const [users, setUsers] = useState(SLIDER_DEFAULT);
  const labelId = useId();
  const slider = useRef<HTMLInputElement>(null);
  // Public pages load their script after the first paint, and the native slider moves before that;
  // hydration keeps the slider where the person left it but the figures at the default. Once hydrated,
  // the figures take the slider's position.
  useEffect(() => {
    const moved = Number(slider.current?.value ?? SLIDER_DEFAULT);
    if (moved !== SLIDER_DEFAULT) setUsers(moved);
  }, []);
  const ours = productCost(users);
  const [high, low] = COMPETITOR_RATES.map((rate) => rate * users) as [number, number];
  const saved = savings(users);
  return (
    <div className="mx-auto max-w-3xl rounded-card border border-slate-200 bg-white p-6 shadow-sm sm:p-8" data-testid="cost-slider">
      <div className="flex items-baseline justify-between gap-4">
        <p id={labelId} className="text-base font-semibold text-slate-900">
          Team size
        </p>
        <p className="text-2xl font-bold text-slate-900" aria-live="polite">
          <span data-testid="user-count">{users}</span> {users === 1 ? 'user' : 'users'}
        </p>
      </div>
      {/* A native range input: keyboard, touch and screen readers work without a widget library on the first load. */}
      <input
        ref={slider}
        type="range"
        aria-labelledby={labelId}
        aria-valuetext={`${users} ${users === 1 ? 'user' : 'users'}`}
        min={SLIDER_MIN}
        max={SLIDER_MAX}
        step={1}
        value={users}
        onChange={(event) => setUsers(Number(event.target.value))}
        style={{ '--filled': `${((users - SLIDER_MIN) / (SLIDER_MAX - SLIDER_MIN)) * 100}%` } as CSSProperties}
        className="range-slider mt-5 w-full"
      />
      <dl className="mt-8 grid gap-4 sm:grid-cols-3">
        <div className="rounded-control bg-accent-50 p-4">
          <dt className="text-sm font-medium text-accent-800">Tessera</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid="our-cost">
            {formatDollars(ours)}/mo
          </dd>
          <dd className="text-xs text-slate-600" data-testid="per-user">
            {formatDollars(perUserCost(users))} per user
          </dd>
        </div>
        <div className="rounded-control bg-slate-50 p-4">
          <dt className="text-sm font-medium text-slate-700">Per-seat tool at $14.50</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid="competitor-high">
            {formatDollars(high)}/mo
          </dd>
        </div>
        <div className="rounded-control bg-slate-50 p-4">
          <dt className="text-sm font-medium text-slate-700">Per-seat tool at $12</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid="competitor-low">
            {formatDollars(low)}/mo
          </dd>
        </div>
      </dl>
      {saved ? (
        <p className="mt-6 rounded-control bg-green-50 p-4 text-center text-sm text-green-900" data-testid="savings">
          You save up to <strong>{formatDollars(saved.monthly)} per month</strong> — <strong>{formatDollars(saved.yearly)} per year</strong>
          .
        </p>
      ) : null}
    </div>
  );
}
