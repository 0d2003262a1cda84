import type { Activity } from '../social-api/activities.ts';
import { getActivity } from '../social-api/activities.ts';
import type { AlbumDetail, PhotoDetail } from '../social-api/albums.ts';
import { getAlbum, getPhoto } from '../social-api/albums.ts';
import type { BlogPost } from '../social-api/blogs.ts';
import { getBlog } from '../social-api/blogs.ts';
import type { Listing } from '../social-api/classifieds.ts';
import { getListing } from '../social-api/classifieds.ts';
import { formatEventWhen } from '../events/time.ts';
import type { EventDetail } from '../social-api/events.ts';
import { getEvent } from '../social-api/events.ts';
import type { ItemType } from '../social-api/items.ts';
import type { PlaylistCard } from '../social-api/music.ts';
import { getPlaylist } from '../social-api/music.ts';
import type { Video } from '../social-api/videos.ts';
import { getVideo } from '../social-api/videos.ts';
import { plainExcerpt } from '../social-api/sanitize.ts';
import type { Preview } from './preview.ts';

// How each item type's data becomes its Preview (lib/previews/preview.ts), and how the image
// route reads it. An item type joins in two lines: its `xxxPreview(data)`, used by its page's
// generateMetadata, and its entry in PREVIEW_LOADERS, used by the image route.

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function activityPreview(a: Activity): Preview {
  const text = plainExcerpt(a.html, 220);
  const picture =
    a.attachments
      .map((x) =>
        x.kind === 'photo'
          ? x.src
          : x.kind === 'item'
            ? x.image
            : x.kind === 'link'
              ? x.thumbnail
              : x.kind === 'video'
                ? x.video.poster
                : '',
      )
      .find(Boolean) ?? '';
  return {
    item: { type: 'activity', id: a.id },
    kind: 'Post',
    // As on the page (its heading): whose post; the image says its first words under that.
    title: `${a.owner.name}’s post`,
    subtitle: plainExcerpt(a.html, 100),
    description: text || `A post by ${a.owner.name}.`,
    picture,
  };
}

export function albumPreview(a: AlbumDetail): Preview {
  return {
    item: { type: 'album', id: a.id },
    kind: 'Album',
    title: a.title,
    subtitle: `${plural(a.photoCount, 'photo', 'photos')} · by ${a.owner.name}`,
    description: a.description.trim()
      ? plainExcerpt(a.description, 220)
      : `An album of ${plural(a.photoCount, 'photo', 'photos')} by ${a.owner.name}.`,
    picture: a.thumb,
  };
}

export function photoPreview(p: PhotoDetail): Preview {
  const title = p.title || `Photo in “${p.album.title}”`;
  return {
    item: { type: 'photo', id: p.id },
    kind: 'Photo',
    title,
    subtitle: `in “${p.album.title}” · by ${p.album.owner.name}`,
    description: p.caption.trim() ? plainExcerpt(p.caption, 220) : `A photo by ${p.album.owner.name} in the album “${p.album.title}”.`,
    picture: p.img,
  };
}

export function blogPreview(b: BlogPost): Preview {
  return {
    item: { type: 'blog', id: b.id },
    kind: b.category ? `Blog post · ${b.category.title}` : 'Blog post',
    title: b.title,
    subtitle: `by ${b.author.name}`,
    description: plainExcerpt(b.html, 220) || `A blog post by ${b.author.name}.`,
    picture: '',
  };
}

export function listingPreview(l: Listing): Preview {
  const where = [l.price, l.location].filter(Boolean).join(' · ');
  return {
    item: { type: 'classified', id: l.id },
    kind: l.closed ? 'Listing · closed' : 'Listing',
    title: l.title,
    subtitle: [where, `sold by ${l.seller.name}`].filter(Boolean).join(' · '),
    description: plainExcerpt(l.html, 220) || `A listing by ${l.seller.name}${where ? `: ${where}` : ''}.`,
    picture: l.photos[0]?.img ?? l.thumb,
  };
}

export function eventPreview(e: EventDetail): Preview {
  // A shared card is read in every zone: its time is the event's own, its zone named.
  const when = formatEventWhen(e.start, e.end, e.timeZone, { zone: e.timeZone, locale: 'en-US' }).text;
  const where = e.location || e.host;
  return {
    item: { type: 'event', id: e.id },
    kind: e.category ? `Event · ${e.category.title}` : 'Event',
    title: e.title,
    subtitle: [when, where].filter(Boolean).join(' · '),
    description: plainExcerpt(e.description, 220) || `An event by ${e.owner.name}: ${[when, where].filter(Boolean).join(', ')}.`,
    picture: e.img || e.thumb,
  };
}

export function videoPreview(v: Omit<Video, 'social'>): Preview {
  return {
    item: { type: 'video', id: v.id },
    kind: [v.category ? `Video · ${v.category.title}` : 'Video', v.duration].filter(Boolean).join(' · '),
    title: v.title,
    subtitle: `by ${v.owner.name}`,
    description: v.description.trim() ? plainExcerpt(v.description, 220) : `A video by ${v.owner.name}.`,
    picture: v.poster || v.thumb,
  };
}

export function playlistPreview(p: PlaylistCard): Preview {
  return {
    item: { type: 'music_playlist', id: p.id },
    kind: ['Playlist', plural(p.songCount, 'song', 'songs')].join(' · '),
    title: p.title,
    subtitle: `by ${p.owner.name}`,
    description: p.description.trim() ? plainExcerpt(p.description, 220) : `A playlist by ${p.owner.name}.`,
    picture: p.thumb,
  };
}

/**
 * Reads an item's preview with a token (the image route: the app's own, what everyone may see);
 * undefined when it is not there for it. Drawing the image is no one opening the item: it counts
 * no view (NOT_A_VISIT), as a link's unfurl fetches it beside the page, which counts one.
 */
export type PreviewLoader = (token: string, id: number) => Promise<Preview | undefined>;

export const PREVIEW_LOADERS: Partial<Record<ItemType, PreviewLoader>> = {
  activity: async (token, id) => {
    const a = await getActivity(token, id);
    return a && activityPreview(a);
  },
  album: async (token, id) => {
    const a = await getAlbum(token, id, { page: 1, limit: 1 });
    return a && albumPreview(a);
  },
  photo: async (token, id) => {
    const p = await getPhoto(token, id);
    return p && photoPreview(p);
  },
  blog: async (token, id) => {
    const b = await getBlog(token, id, 0, { visit: false });
    return b && blogPreview(b);
  },
  event: async (token, id) => {
    const e = await getEvent(token, id);
    return e && eventPreview(e);
  },
  classified: async (token, id) => {
    const l = await getListing(token, id, 0, { visit: false });
    return l && listingPreview(l);
  },
  video: async (token, id) => {
    const v = await getVideo(token, id, 0, { visit: false });
    return v && videoPreview(v);
  },
  music_playlist: async (token, id) => {
    const p = await getPlaylist(token, id, 0, { visit: false });
    return p && playlistPreview(p);
  },
};
