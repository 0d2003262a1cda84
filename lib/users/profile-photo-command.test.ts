import { beforeAll, describe, expect, it } from 'vitest';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { getPhoto, listAlbums, getAlbum } from '../social-api/albums.ts';
import { getMe } from '../social-api/users.ts';
import { profilePhotoCommand } from './profile-photo-command.ts';

// "Make profile photo" (what components/users/actions.ts runs for the signed-in person): its
// input checks, which refuse before anything reaches the API, and a save against the real
// api-server on a fresh copy of the demo data (Dave has an album of photos and no picture).

const api = setupRealApi();
const { dave } = membersOf(api, ['dave']);
let photoId: number;

beforeAll(async () => {
  const [album] = (await listAlbums(dave.token, { userId: dave.id, page: 1, limit: 1 }))!;
  photoId = (await getAlbum(dave.token, album!.id, { page: 1, limit: 1 }))!.photos[0]!.id;
});

const crop = { x: 0.1, y: 0.1, size: 0.5 };

describe('profilePhotoCommand', () => {
  it.each([
    ['no photo', { crop }],
    ['a photo id that is not one', { photoId: -3, crop }],
    ['no crop', { photoId: 1 }],
    ['a crop past the picture', { photoId: 1, crop: { x: 1.2, y: 0, size: 0.5 } }],
    ['a negative corner', { photoId: 1, crop: { x: -0.1, y: 0, size: 0.5 } }],
    ['an empty square', { photoId: 1, crop: { x: 0, y: 0, size: 0 } }],
    ['a crop in words', { photoId: 1, crop: { x: 'left', y: 0, size: 0.5 } }],
    ['nothing at all', undefined],
  ])('refuses %s before asking the API, and changes nothing', async (_, input) => {
    const before = await getMe(dave.token);
    expect(await profilePhotoCommand('not-a-token', input)).toEqual({
      ok: false,
      message: 'That request was not understood. Reload the page and try again.',
    });
    expect((await getMe(dave.token)).image).toBe(before.image);
  });

  it('refuses a description that is too long on its field', async () => {
    const res = await profilePhotoCommand(dave.token, { photoId, crop, description: 'x'.repeat(5001) });
    expect(res).toMatchObject({ ok: false, fieldErrors: { description: 'Keep the description under 5000 characters.' } });
  });

  it('makes the crop of one of my photos my picture, with its description, and answers who I now am', async () => {
    const before = await getMe(dave.token);
    const res = await profilePhotoCommand(dave.token, { photoId, crop, description: 'Dave smiling on the beach' });
    expect(res).toMatchObject({ ok: true, message: 'Your profile picture was changed.' });
    const me = await getMe(dave.token);
    expect(me.image).not.toBe(before.image);
    expect(me.image).toMatch(/^https?:\/\//);
    expect(res.ok && res.data.me).toEqual({ id: dave.id, name: 'Dave Okafor', image: me.image, picture: me.picture });
    // The description went onto the photo kept in "Profile Pictures".
    const albums = (await listAlbums(dave.token, { userId: dave.id, page: 1, limit: 20 }))!;
    const profile = albums.find((a) => a.title === 'Profile Pictures')!;
    const kept = (await getAlbum(dave.token, profile.id, { page: 1, limit: 20 }))!.photos.map((p) => p.id);
    const captions = await Promise.all(kept.map(async (id) => (await getPhoto(dave.token, id))?.caption));
    expect(captions).toContain('Dave smiling on the beach');
  });

  it('tells a session without the settings scope (signed in before the site asked for it) how to allow it', async () => {
    const limited = await api.tokenOf('dave@example.com', ['basic', 'albums']);
    const res = await profilePhotoCommand(limited, { photoId, crop });
    expect(res).toEqual({
      ok: false,
      message: 'Your sign-in does not let this site change your picture yet: sign out, sign in again and allow it, then try once more.',
    });
  });

  it('refuses another member’s photo with the API’s word, and a photo that is gone', async () => {
    const alice = await api.tokenOf('alice@example.com');
    const refused = await profilePhotoCommand(alice, { photoId, crop });
    expect(refused.ok).toBe(false);
    expect(await profilePhotoCommand(dave.token, { photoId: 99999999, crop })).toEqual({
      ok: false,
      message: 'That photo is no longer there. Choose another one.',
    });
  });
});
