// @ts-check
// The bare page of `npm run bench`: a minimal Next app, built and started by
// bench/servers.ts only. It is its own Next project (this directory holds its app/ and
// its build in .next/), so it never compiles the product's app/ and the product's build never
// sees it. Turbopack's root is the repository, where `next` and `react` are installed (see
// proxy.ts here for why this app has one).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  distDir: '.next',
  turbopack: { root },
  outputFileTracingRoot: root,
  // `npm run typecheck` (tsc -p . at the root) checks this app; its build does not again.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
