import { describe, expect, it } from 'vitest';
import { metrics, observeRequest } from './registry';

describe('request metrics', () => {
  it('counts each answer by method, route template and status, with its duration', async () => {
    const route = '/api/v1/ledger/sales/policies/{id}';
    observeRequest('GET', route, 200, 12);
    observeRequest('GET', route, 200, 30);
    observeRequest('GET', route, 404, 3);
    const text = await metrics().registry.metrics();
    expect(text).toContain(`ledger_http_requests_total{method="GET",route="${route}",status="200"} 2`);
    expect(text).toContain(`ledger_http_requests_total{method="GET",route="${route}",status="404"} 1`);
    // 12 ms and 30 ms: both within the 50 ms bucket, only the first within 25 ms.
    expect(text).toContain(`ledger_http_request_duration_seconds_bucket{le="0.025",method="GET",route="${route}",status="200"} 1`);
    expect(text).toContain(`ledger_http_request_duration_seconds_bucket{le="0.05",method="GET",route="${route}",status="200"} 2`);
  });

  it('is one registry per process however often the module is loaded', () => {
    expect(metrics()).toBe(metrics());
  });
});
