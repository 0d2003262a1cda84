// @ts-check

// This repository also holds the api-server (a separate Fastify process), its data
// directory and the benchmark's bare Next app (bench/); the web app must neither compile,
// trace nor ship them.
const root = import.meta.dirname;

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The production server compresses (web-server/server.ts), after it has rewritten a page's
  // script tags (web-server/scripts-after-paint.ts); `next dev` answers uncompressed.
  compress: false,
  reactStrictMode: true,
  // No page uses next/image: Next's image optimizer (/_next/image) only fetched our own pages for
  // whoever asked, and failed with a 500 on some addresses. Off, it answers Next's 404 page; the
  // production server refuses the path before Next (lib/request-guard.ts, edgeRefusal).
  images: { unoptimized: true },
  // The end-to-end tests build into their own directory (NEXT_DIST_DIR=.next-e2e, see
  // package.json) so that `npm test` never rebuilds under a running `npm start`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Pin the root so a lockfile in a parent directory can never widen what Turbopack watches.
  turbopack: { root },
  outputFileTracingRoot: root,
  // The build type-checks the web client only; `npm run typecheck` (tsc -p .) checks the whole repository.
  typescript: { tsconfigPath: 'tsconfig.web.json' },
  // Server traces only follow imports, so these stay out today; the excludes keep it so if
  // a future dynamic `fs` path makes the tracer guess a whole directory (uploads live in .data).
  outputFileTracingExcludes: {
    '/*': ['./api-server/**', './.data/**', './.data-*/**', './e2e/**', './test-results/**', './bench/**'],
  },
  // A page read Next answered 404 is asked for again by the production server with this header
  // (NOT_FOUND_PAGE_HEADER of lib/page-headers.ts; web-server/not-found-page.ts), and rendered as
  // its not-found page under the same address: Next answers a page's notFound() with an empty body.
  async rewrites() {
    return {
      beforeFiles: [
        { source: '/:path*', has: [{ type: 'header', key: 'x-not-found-page', value: '1' }], destination: '/not-found-page/:path*' },
      ],
    };
  },
};

export default nextConfig;
