// Lint fixture (scripts/lint-boundaries.test.ts): the api-server's own code read by the web
// client, which the lint refuses in its code and allows in its tests (the real API in-process).
import { ALL_SCOPES } from '@/api-server/src/config';

export const scopes = ALL_SCOPES.length;
