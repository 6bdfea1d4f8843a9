import { describe, expect, it } from 'vitest';
import { createRequestMetrics, LATENCY_BUCKETS } from './request-metrics.ts';

const sample = (text: string, line: string) =>
  Number(new RegExp(`^${line.replace(/[{}()[\]\\.+*?^$|]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);

describe('request metrics', () => {
  it('counts each series and writes a cumulative histogram with its sum and count, as Prometheus reads it', () => {
    const metrics = createRequestMetrics();
    for (const seconds of [0.001, 0.005, 0.02, 0.3, 45]) metrics.record('GET', '/api/current-user', 200, seconds);
    metrics.record('POST', '/api/login', 429, 0.002);
    const text = metrics.render();
    const labels = 'method="GET",route="/api/current-user",status="200"';

    expect(sample(text, `tessera_http_requests_total{${labels}}`)).toBe(5);
    expect(sample(text, 'tessera_http_requests_total{method="POST",route="/api/login",status="429"}')).toBe(1);
    // At most the bound: 0.005 is in the first bucket; 45 s is past the last and only in +Inf.
    expect(sample(text, `tessera_http_request_duration_seconds_bucket{le="0.005",${labels}}`)).toBe(2);
    expect(sample(text, `tessera_http_request_duration_seconds_bucket{le="0.025",${labels}}`)).toBe(3);
    expect(sample(text, `tessera_http_request_duration_seconds_bucket{le="0.5",${labels}}`)).toBe(4);
    expect(sample(text, `tessera_http_request_duration_seconds_bucket{le="${LATENCY_BUCKETS.at(-1)}",${labels}}`)).toBe(4);
    expect(sample(text, `tessera_http_request_duration_seconds_bucket{le="+Inf",${labels}}`)).toBe(5);
    expect(sample(text, `tessera_http_request_duration_seconds_count{${labels}}`)).toBe(5);
    expect(sample(text, `tessera_http_request_duration_seconds_sum{${labels}}`)).toBeCloseTo(45.326, 6);
    expect(text).toContain('# TYPE tessera_http_requests_total counter');
    expect(text).toContain('# TYPE tessera_http_request_duration_seconds histogram');
  });

  it('escapes what a label value may not hold', () => {
    const metrics = createRequestMetrics();
    metrics.record('GET', 'a "quoted" \\ route\nwith a newline', 404, 0.01);
    expect(metrics.render()).toContain('route="a \\"quoted\\" \\\\ route\\nwith a newline"');
  });

  it('writes only the headers before the first request', () => {
    expect(
      createRequestMetrics()
        .render()
        .split('\n')
        .filter((line) => line && !line.startsWith('#')),
    ).toEqual([]);
  });
});
