import autocannon from 'autocannon';
import type { Spread } from './repeat';

// One bounded load run with autocannon against a loopback URL: fixed connections, fixed time.

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Picks each request's path (e.g. a random id); default: the url's path. */
  path?: () => string;
  connections: number;
  durationS: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /** The runs this median came from (bench/repeat.ts). */
  spread?: Spread;
  /** Share of the empty route, each pair against the empty route's slice just before it: median and every pair's value. */
  share?: { median: number; values: number[] };
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') throw new Error(`the bench only loads loopback, not ${url.host}`);
  const pick = options.path;
  const result = await autocannon({
    url: url.origin,
    connections: options.connections,
    duration: options.durationS,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    requests: [
      {
        method: options.method ?? 'GET',
        path: url.pathname + url.search,
        ...(pick ? { setupRequest: (request: autocannon.Request) => ({ ...request, path: pick() }) } : {}),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export function percentile(sortedOrNot: number[], p: number): number {
  if (sortedOrNot.length === 0) return NaN;
  const sorted = [...sortedOrNot].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

/**
 * One run made of several slices of the same load (the pairs of a share of the empty route): req/s
 * is the slices' mean, p50 their median, p99 the highest of theirs (autocannon answers percentiles,
 * not the samples a pooled p99 would need, so the run's p99 is not understated).
 */
export function mergeSlices(slices: LoadResult[]): LoadResult {
  if (slices.length === 0) throw new Error('a run needs at least one slice');
  return {
    rps: slices.reduce((sum, slice) => sum + slice.rps, 0) / slices.length,
    p50: percentile(
      slices.map((slice) => slice.p50),
      50,
    ),
    p99: Math.max(...slices.map((slice) => slice.p99)),
    requests: slices.reduce((sum, slice) => sum + slice.requests, 0),
    errors: slices.reduce((sum, slice) => sum + slice.errors, 0),
  };
}

/** `9 pairs, 61–80 %`: how many pairs a share is the median of, and their range. */
export function sharesInBrief(shares: number[]): string {
  const percent = (share: number) => (share * 100).toFixed(0);
  return `${shares.length} pairs, ${percent(Math.min(...shares))}–${percent(Math.max(...shares))} %`;
}
