import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { filesDir } from '../../src/storage/images.ts';
import { setupApi, type TestApp } from '../fixture.ts';
import { del, picture, post } from '../routes/fixtures.ts';
import { ALBUMS, cast, keyOf } from '../routes/albums/album-fixtures.ts';

// Two API instances on one DATA_DIR (a shared volume) and one database, as behind a load
// balancer: a file uploaded through one is served by the other, and gone from both once deleted.
const t = setupApi();
let other: FastifyInstance;
let viaOther: TestApp;
let c: Awaited<ReturnType<typeof cast>>;

beforeAll(async () => {
  other = await buildApp({ config: t.config });
  await other.ready();
  viaOther = { app: other } as TestApp;
  c = await cast(t);
});
afterAll(async () => {
  await other?.close();
});

const fileOf = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url: new URL(url).pathname });

describe('uploaded files shared by two API instances', () => {
  it('serves a photo uploaded through one instance from the other, and neither once it is deleted through the other', async () => {
    const content = await picture('png', 300, 200);
    const upload = await post(t, c.ownerToken, `${ALBUMS}/photo_upload`, {}, { Filedata: { filename: 'a.png', content } });
    expect(upload.status).toBe(200);
    const photoId = upload.body.data.photo_id as number;
    const [id, ext] = (await keyOf(t.db, photoId)).split('.');
    const url = `${t.config.publicUrl}/files/img/${id}/500.${ext}`;

    const here = await fileOf(t.app, url);
    const there = await fileOf(other, url);
    expect(there.statusCode).toBe(200);
    expect(there.headers['content-type']).toBe('image/png');
    expect(there.rawPayload.equals(here.rawPayload)).toBe(true);

    expect((await del(viaOther, c.ownerToken, `${ALBUMS}/photos/${photoId}`)).status).toBe(200);
    expect((await fileOf(t.app, url)).statusCode).toBe(404);
    expect((await fileOf(other, url)).statusCode).toBe(404);
  });

  it('does not serve a file still being written (under its .part name)', async () => {
    const dir = path.join(filesDir(t.dataDir), 'img', 'partial');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, '500.png.abc123.part'), 'half a picture');
    expect((await other.inject({ method: 'GET', url: '/files/img/partial/500.png.abc123.part' })).statusCode).toBe(404);
  });
});
