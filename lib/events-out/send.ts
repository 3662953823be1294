import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { assertLiteralAllowed, hostOf, parseAllowedNetworks, safeLookup } from './address-safety';
import type { WebhookSettings } from './config';

// One HTTP attempt of one delivery, signed per Standard Webhooks (webhook-id, webhook-timestamp,
// webhook-signature). 2xx is success; anything else, a redirect included (never followed), a
// timeout or a refused address is a failure. At most RESPONSE_EXCERPT_BYTES of the answer are
// read and kept; the rest is dropped with the connection.

export const RESPONSE_EXCERPT_BYTES = 1_024;
const USER_AGENT = 'policy-ledger-webhooks/1';

export interface AttemptOutcome {
  ok: boolean;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

export interface SendInput {
  url: string;
  /** The current secret first; during a rotation's grace period the previous one signs too. */
  secrets: string[];
  messageId: string;
  body: string;
  settings: WebhookSettings;
}

export function signatureHeader(secrets: string[], messageId: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, timestamp, body)).join(' ');
}

export async function sendWebhook(input: SendInput): Promise<AttemptOutcome> {
  const startedAt = new Date();
  const started = performance.now();
  const done = (outcome: Omit<AttemptOutcome, 'startedAt' | 'durationMs'>): AttemptOutcome => ({
    ...outcome,
    startedAt,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const url = new URL(input.url);
    const allowed = parseAllowedNetworks(input.settings.allowedNetworks);
    assertLiteralAllowed(hostOf(url), allowed);
    const timestamp = new Date();
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': input.messageId,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signatureHeader(input.secrets, input.messageId, timestamp, input.body),
    };
    const { statusCode, excerpt } = await post(url, headers, input.body, allowed, input.settings.timeoutMs);
    const ok = statusCode >= 200 && statusCode < 300;
    const error = ok ? null : statusCode >= 300 && statusCode < 400 ? `redirect (${statusCode}) not followed` : `HTTP ${statusCode}`;
    return done({ ok, statusCode, error, responseExcerpt: excerpt });
  } catch (error) {
    return done({ ok: false, statusCode: null, error: error instanceof Error ? error.message : String(error), responseExcerpt: null });
  }
}

function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  allowed: ReturnType<typeof parseAllowedNetworks>,
  timeoutMs: number,
): Promise<{ statusCode: number; excerpt: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
    if (!client) return reject(new Error(`unsupported protocol ${url.protocol}`));
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: safeLookup(allowed),
      // A fresh connection each time: a pooled socket could outlive the address check.
      agent: false,
    });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        clearTimeout(timer);
        resolve({
          statusCode: response.statusCode ?? 0,
          excerpt: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8'),
        });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_EXCERPT_BYTES) {
          // Enough read: the rest of a large (or endless) answer is not waited for.
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', (error) => {
        clearTimeout(timer);
        if (size > 0) finish();
        else reject(error);
      });
    });
    request.end(body);
  });
}
