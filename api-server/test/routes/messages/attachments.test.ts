import { describe, expect, it } from 'vitest';
import { setupApi } from '../../fixture.ts';
import { get, insertAlbum, insertPhoto, picture, post } from '../fixtures.ts';
import { compose, expectRefused, friends, open, reply, seasoned, send } from './message-fixtures.ts';

// Attachments of messages (docs/api.md, "Messages"): one's own photo of compose_upload
// type=message, seen only by the conversation's members through conversation_id, or a link card.

const t = setupApi();
type Person = Awaited<ReturnType<typeof seasoned>>;
const photoUrl = (id: number) => `/api/v1/albums/photos/${id}`;

async function messagePhoto(who: Person): Promise<number> {
  const res = await post(
    t,
    who.token,
    '/api/v1/albums/compose_upload',
    { type: 'message' },
    {
      Filedata: { filename: 'p.jpg', content: await picture('jpeg', 80, 60), type: 'image/jpeg' },
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.photo_id;
}

describe('a photo sent in a message', () => {
  it("is seen by the conversation's members through conversation_id, by nobody else", async () => {
    const [alice, grace] = await friends(t.db);
    const frank = await seasoned(t.db);
    const photo = await messagePhoto(alice);
    const id = await send(t, alice, grace, 'Look at this', { 'attachment[type]': 'photo', 'attachment[photo_id]': photo });
    const [msg] = (await open(t, grace, id)).messages;
    expect(msg.attachment).toEqual({
      id: photo,
      type: 'photo',
      title: expect.any(String),
      description: expect.any(String),
      img: expect.stringMatching(/\/files\/img\/.+\/500\./),
      src: expect.stringMatching(/\/files\/img\/.+\/original\./),
      width: 80,
      height: 60,
    });

    const seen = await get(t, grace.token, photoUrl(photo), { conversation_id: id });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data.id).toBe(photo);
    // Not without the conversation, nor through another one, nor for someone outside it.
    expect((await get(t, grace.token, photoUrl(photo))).status).toBe(404);
    const other = await send(t, alice, grace, 'Another');
    expect((await get(t, grace.token, photoUrl(photo), { conversation_id: other })).status).toBe(404);
    expect((await get(t, frank.token, photoUrl(photo), { conversation_id: id })).status).toBe(404);
    expect((await get(t, frank.token, photoUrl(photo))).status).toBe(404);
    // Its owner sees it either way.
    expect((await get(t, alice.token, photoUrl(photo))).status).toBe(200);
    // A reply may carry one too.
    const back = await messagePhoto(grace);
    expect((await reply(t, grace, id, 'Mine', { 'attachment[type]': 'photo', 'attachment[photo_id]': back })).status).toBe(200);
    expect((await get(t, alice.token, photoUrl(back), { conversation_id: id })).status).toBe(200);
  });

  it("refuses a photo that is not one's own message photo (400 naming attachment[photo_id])", async () => {
    const [alice, grace] = await friends(t.db);
    const album = await insertAlbum(t.db, alice.id);
    const inAlbum = await insertPhoto(t.db, alice.id, album);
    const hers = await messagePhoto(grace);
    for (const photo of [inAlbum, hers, 99999999]) {
      expectRefused(
        await compose(t, alice, { to: String(grace.id), body: 'x', 'attachment[type]': 'photo', 'attachment[photo_id]': photo }),
        400,
        'attachment[photo_id]',
      );
    }
    expectRefused(await compose(t, alice, { to: String(grace.id), body: 'x', 'attachment[type]': 'photo' }), 400, 'attachment[photo_id]');
    expectRefused(await compose(t, alice, { to: String(grace.id), body: 'x', 'attachment[photo_id]': hers }), 400, 'attachment[type]');
  });
});

describe('a link sent in a message', () => {
  it('carries the card as sent; a link that is not http(s) is refused', async () => {
    const [alice, grace] = await friends(t.db);
    const id = await send(t, alice, grace, 'Read this', {
      'attachment[type]': 'link',
      'attachment[uri]': 'https://example.com/article',
      'attachment[title]': 'An article',
      'attachment[description]': 'About <things>',
      'attachment[thumb]': 'https://example.com/t.jpg',
    });
    expect((await open(t, grace, id)).messages[0].attachment).toEqual({
      id: 0,
      type: 'link',
      title: 'An article',
      description: 'About <things>',
      img: 'https://example.com/t.jpg',
      src: 'https://example.com/article',
    });
    expectRefused(
      await compose(t, alice, { to: String(grace.id), body: 'x', 'attachment[type]': 'link', 'attachment[uri]': 'javascript:alert(1)' }),
      400,
      'attachment[uri]',
    );
  });
});
