import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from '@/lib/errors';
import { findJsonLimitViolation } from '@/lib/json-limits';

export const BODY_BYTES_MAX = 1024 * 1024;

/** Reads the raw body with a hard cap, whatever Content-Length claims. */
export async function readBodyText(request: Request, bytesMax = BODY_BYTES_MAX): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > bytesMax) throw tooLarge(bytesMax);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > bytesMax) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(bytesMax);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(bytesMax: number): PayloadTooLarge {
  return new PayloadTooLarge(`The request body is larger than ${bytesMax} bytes`);
}

export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const mediaType = value.split(';')[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/**
 * Parses a JSON body. An absent body is `undefined` (endpoints whose body may be empty decide);
 * a present body must say it is JSON and be JSON.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await readBodyText(request);
  if (text.trim() === '') return undefined;
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new UnsupportedMediaType('The request body must be JSON (Content-Type: application/json)');
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new BadRequest(`The request body is not valid JSON: ${(error as Error).message}`);
  }
  // Depth, size and NUL (which PostgreSQL cannot store in text or JSONB) are refused here, once,
  // before any validator, merge or insert walks the value.
  const violation = findJsonLimitViolation(value);
  if (violation) {
    const detail =
      violation.kind === 'nul' ? 'The request body must not contain the NUL character (\\u0000)' : `The request body ${violation.message}`;
    throw new BadRequest(detail, [{ path: violation.pointer, message: violation.message }]);
  }
  return value;
}
