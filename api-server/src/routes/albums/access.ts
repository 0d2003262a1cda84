import type { DB } from '../../db/index.ts';
import { getAlbum, getPhoto, type AlbumRow, type PhotoRow } from '../../data/albums.ts';
import { notFound } from '../../errors.ts';
import { canSeePhoto, photoRules, photoShareView, type PhotoRule } from '../../domain/photo-privacy.ts';
import { allows, type Viewer } from '../../domain/privacy.ts';
import { groupWallRights } from '../../domain/post-privacy.ts';

/** The album flags of the spec, for the reader (list and detail must agree with the actions). */
export interface AlbumRights {
  can_upload: boolean;
  can_editphotos: boolean;
  can_edit: boolean;
  can_delete: boolean;
}

/**
 * Only the owner manages an album. Special albums (Wall Photos, Profile Pictures…, kind other
 * than 'normal') are made and filled by compose_upload of their type: their owner manages the
 * photos in them (edit, move, delete, cover) but cannot rename, delete or upload into them.
 */
export function albumRights(viewer: Viewer, album: Pick<AlbumRow, 'owner_id' | 'kind'>): AlbumRights {
  const mine = viewer.userId !== null && viewer.userId === album.owner_id;
  const normal = album.kind === 'normal';
  return { can_upload: mine && normal, can_editphotos: mine, can_edit: mine && normal, can_delete: mine && normal };
}

/** The album when the reader may see it (a group's album: who may see the group); 404 otherwise. */
export async function getVisibleAlbum(db: DB, viewer: Viewer, id: number): Promise<AlbumRow> {
  const album = await getAlbum(db, id);
  if (
    !album ||
    !(await allows(viewer, album.auth_view, album.owner_id)) ||
    (album.group_id !== null && !(await groupWallRights(viewer, album.group_id)).see)
  ) {
    throw notFound('The album was not found or you may not see it.');
  }
  return album;
}

/** A photo with the album that governs it (null for an upload not yet put into an album) and who may see it. */
export interface PhotoInAlbum {
  photo: PhotoRow;
  album: AlbumRow | null;
  rule: PhotoRule;
}

export async function loadPhoto(db: DB, id: number): Promise<PhotoInAlbum | undefined> {
  const photo = await getPhoto(db, id);
  if (!photo) return undefined;
  const album = photo.album_id === null ? null : ((await getAlbum(db, photo.album_id)) ?? null);
  const place = { id, owner_id: photo.owner_id, album_owner_id: null, album_view: null, album_kind: null, album_group_id: null };
  const inAlbum = album && {
    album_owner_id: album.owner_id,
    album_view: album.auth_view,
    album_kind: album.kind,
    album_group_id: album.group_id,
  };
  const rule = (await photoRules(db, [{ ...place, ...inAlbum }])).get(id)!;
  return { photo, album, rule };
}

/** The one rule of domain/photo-privacy.ts, which likes, comments and search follow too. */
export function canViewPhoto(viewer: Viewer, p: PhotoInAlbum): Promise<boolean> {
  return canSeePhoto(viewer, p.rule);
}

/** The photo when the reader may see it; 404 otherwise (absent and hidden look the same). */
export async function getVisiblePhoto(db: DB, viewer: Viewer, id: number): Promise<PhotoInAlbum> {
  const p = await loadPhoto(db, id);
  if (!p || !(await canViewPhoto(viewer, p))) throw notFound('The photo was not found or you may not see it.');
  return p;
}

/** The photo's owner and the owner of its album edit, move and delete it. */
export function canEditPhoto(viewer: Viewer, p: PhotoInAlbum): boolean {
  const me = viewer.userId;
  return me !== null && (me === p.photo.owner_id || me === p.album?.owner_id);
}

/** Tagging (POST /core/tags) needs a user who sees the photo and whom the album's auth_tag lets in (no album: its owner). */
export async function canTagPhoto(viewer: Viewer, p: PhotoInAlbum): Promise<boolean> {
  if (viewer.userId === null || !(await canViewPhoto(viewer, p))) return false;
  if (viewer.userId === p.photo.owner_id) return true;
  // A group's photo: its members tag it (whoever may see a public group is not thereby one of them).
  if (p.album?.group_id != null) return (await groupWallRights(viewer, p.album.group_id)).member;
  return p.album ? allows(viewer, p.album.auth_tag, p.album.owner_id) : false;
}

/** Only what anyone signed in may see can be shared (the rule of POST /activities/share). */
export function canSharePhoto(viewer: Viewer, p: PhotoInAlbum): boolean {
  return viewer.userId !== null && photoShareView(p.rule) !== null;
}
