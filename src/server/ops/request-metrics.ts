// Every answered request by method, route and status, and the time it took, as a Prometheus counter and
// histogram. Kept as plain numbers per series and written out at scrape time: prom-client's Counter and
// Histogram validate and hash their labels on every call, even through `labels()` children, which cost
// the hot current-user call a fifth of its throughput (docs/decisions/044-request-metrics-kept-as-numbers.md).

// Seconds; the request limits (30 s) end the range.
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const COUNTER = 'tessera_http_requests_total';
const HISTOGRAM = 'tessera_http_request_duration_seconds';

interface Series {
  // Already in the exposition format: method="GET",route="/healthz",status="200".
  labels: string;
  count: number;
  sum: number;
  // Observations per bucket, not yet cumulative; a value above the last bound is only in count.
  buckets: number[];
}

// The exposition format's escapes for a label value.
const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function createRequestMetrics() {
  // Routes are patterns, methods and statuses few: the map stays small.
  const series = new Map<string, Series>();

  return {
    record(method: string, route: string, status: number, seconds: number): void {
      const key = `${method} ${status} ${route}`;
      let found = series.get(key);
      if (!found) {
        found = {
          labels: `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status="${status}"`,
          count: 0,
          sum: 0,
          buckets: LATENCY_BUCKETS.map(() => 0),
        };
        series.set(key, found);
      }
      found.count += 1;
      found.sum += seconds;
      // A bucket holds what is at most its bound (Prometheus' `le`).
      let bucket = 0;
      while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket += 1;
      if (bucket < LATENCY_BUCKETS.length) found.buckets[bucket]! += 1;
    },

    // The two metrics in Prometheus' text format, to follow the registry's own.
    render(): string {
      const counter = [`# HELP ${COUNTER} HTTP requests answered`, `# TYPE ${COUNTER} counter`];
      const histogram = [`# HELP ${HISTOGRAM} Time to answer an HTTP request`, `# TYPE ${HISTOGRAM} histogram`];
      for (const { labels, count, sum, buckets } of series.values()) {
        counter.push(`${COUNTER}{${labels}} ${count}`);
        let cumulative = 0;
        LATENCY_BUCKETS.forEach((bound, index) => {
          cumulative += buckets[index]!;
          histogram.push(`${HISTOGRAM}_bucket{le="${bound}",${labels}} ${cumulative}`);
        });
        histogram.push(
          `${HISTOGRAM}_bucket{le="+Inf",${labels}} ${count}`,
          `${HISTOGRAM}_sum{${labels}} ${sum}`,
          `${HISTOGRAM}_count{${labels}} ${count}`,
        );
      }
      return `${counter.join('\n')}\n\n${histogram.join('\n')}\n`;
    },
  };
}
