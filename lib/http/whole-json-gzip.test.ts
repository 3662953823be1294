import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, withWholeJsonGzip } from './whole-json-gzip.cjs';

// Next.js's own compression, as its server requires it, with the layer in front.
const nextCompression = createRequire(import.meta.url)('next/dist/compiled/compression');
const compress = withWholeJsonGzip(nextCompression)();

interface Answer {
  type: string;
  body: string;
  cacheControl?: string;
  status?: number;
  /** How many chunks Next.js's writer sends the body in. */
  chunks?: number;
}

/** Sends an answer as Next.js's writer does (send-response.js, pipe-readable.js): headers, flushHeaders, write and flush each chunk, end. */
function sendLikeNext(res: http.ServerResponse, answer: Answer): void {
  res.statusCode = answer.status ?? 200;
  res.setHeader('Content-Type', answer.type);
  if (answer.cacheControl) res.setHeader('Cache-Control', answer.cacheControl);
  if (answer.body === '') {
    res.end();
    return;
  }
  res.flushHeaders();
  const chunks = answer.chunks ?? 1;
  const size = Math.ceil(answer.body.length / chunks);
  for (let start = 0; start < answer.body.length; start += size) {
    res.write(new TextEncoder().encode(answer.body.slice(start, start + size)));
    (res as unknown as { flush?: () => void }).flush?.();
  }
  res.end();
}

let answer: Answer;
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    compress(req, res, () => sendLikeNext(res, answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The answer as it arrived on the wire: status, headers and the raw body bytes. */
function fetchRaw(
  acceptEncoding: string | undefined,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .request({ host: '127.0.0.1', port, method, path: '/', headers, agent: false }, (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, raw: Buffer.concat(parts) }));
        response.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

// A quote-sized answer: 2,000 bytes of JSON, and a small one of 200.
const largeJson = JSON.stringify({ data: 'x'.repeat(1_989) });
const smallJson = JSON.stringify({ status: 'success', data: 'y'.repeat(180) });

describe('JSON answers gzipped whole', () => {
  it('gzips a JSON answer of 1 KB or more in one piece, with its compressed length', async () => {
    expect(largeJson).toHaveLength(2_000);
    answer = { type: 'application/json', body: largeJson, chunks: 3 };
    const { headers, raw } = await fetchRaw('gzip, deflate, br');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(Number(headers['content-length'])).toBe(raw.length);
    expect(raw.length).toBeLessThan(200);
    expect(zlib.gunzipSync(raw).toString()).toBe(largeJson);
    expect(headers.vary).toBe('Accept-Encoding');
  });

  it('gzips problem+json the same way', async () => {
    answer = { type: 'application/problem+json', body: largeJson, status: 422 };
    const { status, headers, raw } = await fetchRaw('gzip');
    expect(status).toBe(422);
    expect(headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(raw).toString()).toBe(largeJson);
  });

  it('sends a JSON answer under 1 KB as it is, with its length', async () => {
    expect(smallJson.length).toBeLessThan(1_024);
    answer = { type: 'application/json; charset=utf-8', body: smallJson };
    const { headers, raw } = await fetchRaw('gzip');
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers['content-length']).toBe(String(smallJson.length));
    expect(raw.toString()).toBe(smallJson);
  });

  it('leaves an answer marked no-transform to Next.js, which sends it as it is', async () => {
    answer = { type: 'application/json', body: largeJson, cacheControl: 'no-store, no-transform' };
    const { headers, raw } = await fetchRaw('gzip');
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(raw.toString()).toBe(largeJson);
  });

  it('leaves pages to Next.js, which gzips them as a stream', async () => {
    const page = `<!doctype html><p>${'z'.repeat(3_000)}</p>`;
    answer = { type: 'text/html; charset=utf-8', body: page, chunks: 2 };
    const { headers, raw } = await fetchRaw('gzip');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    expect(zlib.gunzipSync(raw).toString()).toBe(page);
  });

  it('leaves a JSON answer over 256 KB to the stream, gzipped as before', async () => {
    const huge = JSON.stringify({ data: 'w'.repeat(300_000) });
    answer = { type: 'application/json', body: huge, chunks: 4 };
    const { headers, raw } = await fetchRaw('gzip');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(zlib.gunzipSync(raw).toString()).toBe(huge);
  });

  it('sends JSON as it is to a client that does not accept gzip', async () => {
    answer = { type: 'application/json', body: largeJson };
    for (const acceptEncoding of [undefined, 'identity', 'gzip;q=0', 'br']) {
      const { headers, raw } = await fetchRaw(acceptEncoding);
      expect(headers['content-encoding'], String(acceptEncoding)).toBeUndefined();
      expect(raw.toString()).toBe(largeJson);
    }
  });

  it('answers an empty body without a length or an encoding', async () => {
    answer = { type: 'application/json', body: '', status: 204 };
    const { status, headers, raw } = await fetchRaw('gzip');
    expect(status).toBe(204);
    expect(headers['content-length']).toBeUndefined();
    expect(headers['content-encoding']).toBeUndefined();
    expect(raw).toHaveLength(0);
  });

  it('answers HEAD with the headers alone', async () => {
    answer = { type: 'application/json', body: largeJson };
    const { headers, raw } = await fetchRaw('gzip', 'HEAD');
    expect(headers['content-encoding']).toBeUndefined();
    expect(raw).toHaveLength(0);
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['GZIP;q=0.8', true],
    ['*', true],
    ['br;q=1, gzip;q=0.5', true],
    ['gzip;q=0.5, identity;q=0.5', true],
    ['gzip;q=0', false],
    ['gzip;q=0.0, deflate', false],
    ['*;q=0', false],
    ['gzip;q=0.5, identity', false],
    ['identity', false],
    ['br', false],
    ['deflate', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
