const DAY_MS = 24 * 60 * 60_000;

// The next time a daily job runs: `hourUtc`:00 UTC strictly after `now`.
export function nextDailyAt(hourUtc: number): (now: number) => number {
  return (now) => {
    const today = Math.floor(now / DAY_MS) * DAY_MS + hourUtc * 60 * 60_000;
    return today > now ? today : today + DAY_MS;
  };
}

// Every `ms` from now.
export function every(ms: number): (now: number) => number {
  return (now) => now + ms;
}
