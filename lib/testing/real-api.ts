// The real api-server for the web client's tests (never part of the web build: tsconfig.web.json
// leaves lib/testing and the tests out): the API's own fixture, on the demo data, over loopback HTTP.
import { beforeAll } from 'vitest';
import { setupApi, type TestApp } from '../../api-server/test/fixture.ts';

/**
 * The api-server on a random loopback port with a fresh copy of the demo data, for this file's
 * tests, with the web client's configuration (SOCIAL_API_URL) pointed at it. Call it at the top
 * of the file, before any hook that reads env() (read once per process).
 */
export function setupRealApi(): TestApp {
  const api = setupApi({ seed: true, listen: true });
  beforeAll(() => {
    process.env.SOCIAL_API_URL = api.baseUrl;
    process.env.API_TIMEOUT_MS = '10000';
  });
  return api;
}
