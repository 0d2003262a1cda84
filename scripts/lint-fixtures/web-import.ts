// Lint fixture (scripts/lint-boundaries.test.ts lints it as a file of the api-server): the
// web client's lib/ reached from the API, as the link preview once reached lib/net.
import { parseEnv } from '@/lib/env';

export const parse = parseEnv;
