import { env } from '../env.ts';
import type { ApiClientConfig } from './client.ts';

/** Where the social API lives and how long a page waits for it, from the environment (server only). */
export function apiConfig(): ApiClientConfig {
  const e = env();
  return { baseUrl: e.SOCIAL_API_URL, timeoutMs: e.API_TIMEOUT_MS };
}
