'use strict';
// JSON answers gzipped whole, in one call, instead of through Next.js's zlib stream.
//
// Next.js gzips every answer of a client that asks, whatever its size, through a zlib stream: a
// write, a flush and an end, each a trip through libuv's thread pool and back to the event loop. It
// sends the headers before the body, so the compression's 1 KB threshold never sees a length, and a
// route may not set Content-Encoding or Content-Length itself. A ledger answer is one JSON body of a
// few KB, held whole in memory anyway: gzipped in one synchronous call it costs the app a fraction
// of the stream's CPU and no waits (docs/benchmark-log.md, "JSON answers gzipped whole").
//
// The layer sits between Next.js's writes and its compression. For a JSON answer it holds the
// headers and the body until the end, then sends them with a Content-Length: gzipped when the body
// reaches the threshold (the compression leaves an answer already encoded alone), as it is below it
// (the compression's own threshold then applies). The compression adds `Vary: Accept-Encoding` to
// both, as it does to every JSON answer. Pages, scripts, PDFs and streams pass through to
// Next.js's compression unchanged, and so does a JSON answer too large to gzip on the event loop.
const zlib = require('node:zlib');

/** Below this an answer goes as it is: gzip would not shrink a few hundred bytes by much. */
const THRESHOLD_BYTES = 1024;
/** Above this a JSON answer goes through the stream as before, off the event loop. */
const WHOLE_LIMIT_BYTES = 256 * 1024;

/**
 * Whether the client's Accept-Encoding lets the answer be gzipped, as Next.js's compression reads
 * it: gzip (or `*`) with a weight above zero and not below identity's. Identity not named takes
 * `*`'s weight, else the lowest weight named.
 * @param {string | string[] | undefined} header
 * @returns {boolean}
 */
function acceptsGzip(header) {
  if (!header) return false;
  const weights = new Map();
  let lowest = 1;
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const q = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param);
      if (q) weight = Number(q[1]);
    }
    if (Number.isNaN(weight)) continue;
    if (!weights.has(name)) weights.set(name, weight);
    lowest = Math.min(lowest, weight);
  }
  const any = weights.get('*');
  const gzip = weights.get('gzip') ?? any ?? 0;
  const identity = weights.get('identity') ?? any ?? lowest;
  return gzip > 0 && gzip >= identity;
}

/** @param {unknown} type */
function isJson(type) {
  return typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);
}

/** @param {unknown} chunk @param {unknown} encoding @returns {Buffer} */
function toBuffer(chunk, encoding) {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8');
}

/**
 * Takes over `res` for one request: a JSON answer to a client that accepts gzip is held and sent
 * whole at its end; anything else goes to the methods `res` had before (Next.js's compression).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
function gzipWholeJson(req, res) {
  if (req.method === 'HEAD' || !acceptsGzip(req.headers['accept-encoding'])) return;
  const { write, end, flushHeaders } = res;
  /** @type {Buffer[] | null} the JSON body while it is held; null once the answer passes through */
  let held = null;
  let decided = false;
  const holding = () => {
    if (!decided) {
      decided = true;
      const cacheControl = String(res.getHeader('Cache-Control') ?? '');
      if (
        !res.headersSent &&
        isJson(res.getHeader('Content-Type')) &&
        !res.getHeader('Content-Encoding') &&
        !/no-transform/i.test(cacheControl)
      ) {
        held = [];
      }
    }
    return held !== null;
  };

  res.flushHeaders = function heldFlushHeaders() {
    if (!holding()) flushHeaders.call(this);
  };
  // Node's own signatures: write(chunk[, encoding][, callback]) and end([chunk][, encoding][, callback]).
  res.write = /** @type {any} */ (
    function heldWrite(/** @type {any} */ chunk, /** @type {any} */ encoding, /** @type {any} */ callback) {
      if (!holding()) return write.apply(this, /** @type {any} */ (arguments));
      const done = typeof encoding === 'function' ? encoding : callback;
      /** @type {Buffer[]} */ (held).push(toBuffer(chunk, encoding));
      if (typeof done === 'function') process.nextTick(done);
      return true;
    }
  );
  res.end = /** @type {any} */ (
    function heldEnd(/** @type {any} */ chunk, /** @type {any} */ encoding, /** @type {any} */ callback) {
      if (!holding()) return end.apply(this, /** @type {any} */ (arguments));
      const done = [chunk, encoding, callback].find((argument) => typeof argument === 'function');
      const parts = /** @type {Buffer[]} */ (held);
      if (chunk != null && typeof chunk !== 'function') parts.push(toBuffer(chunk, encoding));
      const body = Buffer.concat(parts);
      held = null;
      if (body.length === 0) return end.call(this, done);
      if (body.length > WHOLE_LIMIT_BYTES) {
        // Too large for one call on the event loop: the stream gzips it as it always did.
        write.call(this, body);
        return end.call(this, done);
      }
      const sent = body.length >= THRESHOLD_BYTES ? zlib.gzipSync(body) : body;
      if (sent !== body) this.setHeader('Content-Encoding', 'gzip');
      this.setHeader('Content-Length', sent.length);
      return end.call(this, sent, done);
    }
  );
}

/**
 * Next.js's compression with the layer in front: `compression` is the module's export, a factory
 * of middleware `(req, res, next)`.
 * @param {(options?: object) => (req: any, res: any, next: () => void) => void} compression
 */
function withWholeJsonGzip(compression) {
  return function compressionWithWholeJson(/** @type {object | undefined} */ options) {
    const stream = compression(options);
    return function compress(/** @type {any} */ req, /** @type {any} */ res, /** @type {() => void} */ next) {
      stream(req, res, () => {});
      gzipWholeJson(req, res);
      next();
    };
  };
}

/**
 * Puts the layer in front of Next.js's compression for this process: the module is replaced in
 * Node's cache before Next.js's server requires it. Returns false where that module is not found
 * (another Next.js layout), leaving Next.js's compression as it is.
 */
function installWholeJsonGzip() {
  let modulePath;
  try {
    modulePath = require.resolve('next/dist/compiled/compression');
  } catch {
    return false;
  }
  const compression = require(modulePath);
  const cached = require.cache[modulePath];
  if (!cached || typeof compression !== 'function') return false;
  cached.exports = withWholeJsonGzip(compression);
  return true;
}

module.exports = { acceptsGzip, withWholeJsonGzip, installWholeJsonGzip };
