// spec 1 and 9: flat pricing by team size, and the cost comparison slider's arithmetic.
import { englishNumber } from '#src/shared/english-number.ts';

export const SLIDER_MIN = 1;
export const SLIDER_MAX = 100;
export const SLIDER_DEFAULT = 15;
export const COMPETITOR_RATES = [14.5, 12] as const;

export interface Tier {
  name: string;
  monthly: number;
  maxUsers: number;
  perUserNote: string;
  popular: boolean;
}

export const TIERS: readonly Tier[] = [
  { name: 'Free', monthly: 0, maxUsers: 3, perUserNote: 'Free for up to 3 users', popular: false },
  { name: 'Team', monthly: 50, maxUsers: 15, perUserNote: 'About $3.33 per user', popular: true },
  { name: 'Business', monthly: 200, maxUsers: 100, perUserNote: '$2 per user', popular: false },
];

// The smallest tier that holds the team; past a limit the team moves up a tier (the FAQ's auto-upgrade).
export function tierFor(users: number): Tier {
  return TIERS.find((tier) => users <= tier.maxUsers) ?? TIERS[TIERS.length - 1]!;
}

export function productCost(users: number): number {
  return tierFor(users).monthly;
}

export function competitorCosts(users: number): number[] {
  return COMPETITOR_RATES.map((rate) => rate * users);
}

// spec 9: 50 / n for 15 users or fewer, otherwise 200 / n.
export function perUserCost(users: number): number {
  return users <= 15 ? 50 / users : 200 / users;
}

export interface Savings {
  monthly: number;
  yearly: number;
}

// spec 9: shown only when the product is cheaper than the $14.50 comparison, as the largest monthly
// saving against either competitor, and that times 12.
export function savings(users: number): Savings | null {
  const ours = productCost(users);
  if (ours >= COMPETITOR_RATES[0] * users) return null;
  const monthly = Math.max(...competitorCosts(users).map((cost) => cost - ours));
  return { monthly, yearly: monthly * 12 };
}

// Whole dollars, or to the cent: $1,450, $3.33, $14.50. Not through Intl: the first number format a page
// makes loads ICU's data into the renderer, a 70 ms task on the landing page (docs/performance.md).
export function formatDollars(amount: number): string {
  if (Number.isInteger(amount)) return `$${englishNumber(amount)}`;
  const [whole, cents] = amount.toFixed(2).split('.');
  return `$${englishNumber(Number(whole))}.${cents}`;
}
