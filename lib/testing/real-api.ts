// The real api-server for the web client's tests (never part of the web build: tsconfig.web.json
// leaves lib/testing and the tests out): the API's own fixture, on the demo data, over loopback HTTP.
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../api-server/src/config.ts';
import { setupApi, type TestApp } from '../../api-server/test/fixture.ts';
import { startProvider, type Provider } from '../../api-server/test/routes/videos/video-fixtures.ts';

/**
 * The api-server on a random loopback port with a fresh copy of the demo data, for this file's
 * tests, with the web client's configuration (SOCIAL_API_URL) pointed at it. Call it at the top
 * of the file, before any hook that reads env() (read once per process).
 */
export function setupRealApi(config?: Partial<Omit<Config, 'dataDir'>>): TestApp {
  // `config` is read when the API starts (in beforeAll): a hook declared before this may fill it.
  const api = setupApi({ seed: true, listen: true, config });
  beforeAll(() => {
    process.env.SOCIAL_API_URL = api.baseUrl;
    process.env.API_TIMEOUT_MS = '10000';
  });
  return api;
}

/**
 * setupRealApi with a YouTube and Vimeo oEmbed provider on loopback (the API's video fixtures:
 * the ids it knows) that the API resolves video links through, started before it and closed after.
 */
export function setupRealApiWithProvider(): TestApp {
  let provider: Provider | undefined;
  const settings: Partial<Config> = { linkPreviewAllowPrivate: true };
  beforeAll(async () => {
    provider = await startProvider();
    settings.oembed = provider.oembed;
  });
  afterAll(async () => {
    await provider?.close();
  });
  return setupRealApi(settings);
}

/** A demo member signed in for a test file: a token with every scope, and their id. */
export interface Member {
  token: string;
  id: number;
}

/**
 * Demo members by first name (`demo` is demo@example.com, `alice` alice@example.com, …), signed
 * in before this file's tests: `const { demo, alice } = membersOf(api, ['demo', 'alice'])`, then
 * `demo.token` and `alice.id` inside them. Call it after setupRealApi.
 */
export function membersOf<const N extends string>(api: TestApp, names: readonly N[]): Record<N, Member> {
  const members = Object.fromEntries(names.map((n) => [n, { token: '', id: 0 }])) as Record<N, Member>;
  beforeAll(async () => {
    // One after another: the first token registers the test client.
    for (const n of names) {
      members[n].id = await api.userId(`${n}@example.com`);
      members[n].token = await api.tokenOf(`${n}@example.com`);
    }
  });
  return members;
}
