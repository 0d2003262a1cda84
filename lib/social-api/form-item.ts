import { z } from 'zod';
import type { UploadStream } from './albums.ts';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { num } from './primitives.ts';

const createdIdSchema = z.looseObject({ id: num });

/**
 * The writes of an item kept through a multipart form (events, groups): POST `path` makes one and
 * answers its id; POST `path`/{id} edits it with the whole form, or changes its picture alone (a
 * body streamed as the browser sent it, keeping everything it is not sent); DELETE `path`/{id}.
 */
export function formItemWrites<I>(path: string, noun: string, formOf: (input: I) => FormData) {
  return {
    async create(token: string, input: I): Promise<number> {
      const data = createdIdSchema.parse(await apiFetch(apiConfig(), path, { token, form: formOf(input) }));
      if (!data.id) throw new Error(`The API did not answer the new ${noun}’s id.`);
      return data.id;
    },
    async update(token: string, id: number, input: I): Promise<void> {
      await apiFetch(apiConfig(), `${path}/${id}`, { token, form: formOf(input) });
    },
    async updatePhoto(token: string, id: number, upload: UploadStream, signal?: AbortSignal): Promise<void> {
      await apiFetch(apiConfig(), `${path}/${id}`, { token, stream: upload, timeoutMs: 120_000, signal });
    },
    async remove(token: string, id: number): Promise<void> {
      await apiFetch(apiConfig(), `${path}/${id}`, { token, method: 'DELETE' });
    },
  };
}
