'use strict';
// Preloaded into every app process before Next.js starts (`node --require ./scripts/app-preload.cjs
// node_modules/next/dist/bin/next start`; README, Production): JSON answers are gzipped whole
// instead of through Next.js's zlib stream (lib/http/whole-json-gzip.cjs).
require('../lib/http/whole-json-gzip.cjs').installWholeJsonGzip();
