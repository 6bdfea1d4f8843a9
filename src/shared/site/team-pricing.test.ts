import { describe, expect, it } from 'vitest';
import { perUserCost, productCost, savings, tierFor, competitorCosts, formatDollars, SLIDER_MAX, SLIDER_MIN } from './team-pricing.ts';

// An independent reading of spec 9, written out case by case.
function expected(n: number) {
  const product = n <= 3 ? 0 : n <= 15 ? 50 : 200;
  const a = n * 14.5;
  const b = n * 12;
  const best = Math.max(a - product, b - product);
  return {
    product,
    competitors: [a, b],
    perUser: n > 15 ? 200 / n : 50 / n,
    savings: product < a ? { monthly: best, yearly: best * 12 } : null,
  };
}

describe('team pricing (spec 9)', () => {
  for (let n = 1; n <= 100; n++) {
    it(`${n} user${n === 1 ? '' : 's'}`, () => {
      const e = expected(n);
      expect(productCost(n)).toBe(e.product);
      expect(competitorCosts(n)).toEqual(e.competitors);
      expect(perUserCost(n)).toBeCloseTo(e.perUser, 10);
      expect(savings(n)).toEqual(e.savings);
    });
  }

  it('names the tiers at their limits', () => {
    expect([3, 4, 15, 16, 100].map((n) => tierFor(n).name)).toEqual(['Free', 'Team', 'Team', 'Business', 'Business']);
    expect(tierFor(15).popular).toBe(true);
  });

  it('formats dollars', () => {
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(1450)).toBe('$1,450');
    expect(formatDollars(3.3333)).toBe('$3.33');
    expect(formatDollars(14.5)).toBe('$14.50');
    expect(formatDollars(12345.5)).toBe('$12,345.50');
  });

  it('formats every amount the slider shows as Intl would', () => {
    const intl = (amount: number) =>
      `$${amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;
    for (let users = SLIDER_MIN; users <= SLIDER_MAX; users++) {
      const saved = savings(users);
      const amounts = [productCost(users), perUserCost(users), ...competitorCosts(users), ...(saved ? [saved.monthly, saved.yearly] : [])];
      for (const amount of amounts) expect(formatDollars(amount)).toBe(intl(amount));
    }
  });
});
