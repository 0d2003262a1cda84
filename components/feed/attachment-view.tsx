import dynamic from 'next/dynamic';
import { ITEM_KINDS, itemHref } from '@/lib/routes';
import type { Attachment } from '@/lib/social-api/activities';
import { AltBadge } from '@/components/photos/alt-badge';
import { pictureLoading } from '@/components/ui/picture-loading';
import type { PictureRank } from './activity-card';

// A song's and a video's cards are chunks of their own: a page names them (and the server renders
// them into its HTML) only when one of its posts has a song or a video.
const SongCard = dynamic(() => import('@/components/music/song-card').then((m) => m.SongCard));
const VideoAttachment = dynamic(() => import('@/components/videos/video-attachment').then((m) => m.VideoAttachment));

export type AttachmentViewProps = {
  attachment: Attachment;
  /** Lazy below the first screen; in it, asked for at once, and the likely largest paint first. */
  rank?: PictureRank;
};

/** A photo, a link card, a card of a shared item, a song, or a video. */
export function AttachmentView({ attachment: a, rank = 'lazy' }: AttachmentViewProps) {
  switch (a.kind) {
    case 'photo': {
      // The box is reserved before the picture arrives: from its size when the API gives one
      // (width/height give the ratio; the CSS keeps it within the column and 32rem high), else a
      // fixed 4:3 box the picture is fitted into, which never grows. Not lazy in the first
      // screen (pictureLoading): a photo there is usually the page's largest paint, and a lazy
      // one is asked for only once the page is laid out; the first of them is fetched first.
      const img = (
        <img
          src={a.src}
          alt={a.alt}
          loading={pictureLoading(rank !== 'lazy')}
          fetchPriority={rank === 'first' ? 'high' : undefined}
          decoding="async"
          width={a.size?.width}
          height={a.size?.height}
          className={a.size ? 'attachment-photo' : 'attachment-photo aspect-[4/3]'}
        />
      );
      const href = a.id ? itemHref({ type: 'photo', id: a.id }) : undefined;
      // data-photo-id: where the photo viewer, opened over the feed, returns the focus.
      return (
        <div className="relative">
          {href ? (
            <a href={href} data-photo-id={a.id} className="block rounded-xl">
              {img}
            </a>
          ) : (
            img
          )}
          {a.description ? <AltBadge text={a.description} /> : null}
        </div>
      );
    }
    case 'link':
      return (
        <a href={a.url} target="_blank" rel="nofollow noopener noreferrer" className="attachment">
          {a.thumbnail ? <img src={a.thumbnail} alt="" loading="lazy" decoding="async" className="attachment-thumb" /> : null}
          <span className="attachment-text">
            <span className="truncate font-medium">{a.title}</span>
            {a.description ? <span className="muted line-clamp-2">{a.description}</span> : null}
            <span className="truncate text-xs text-slate-600 dark:text-slate-400">{hostOf(a.url)}</span>
          </span>
        </a>
      );
    case 'item': {
      const kind = ITEM_KINDS[a.item.type];
      const href = itemHref(a.item);
      const body = (
        <>
          {a.image ? <img src={a.image} alt="" loading="lazy" decoding="async" className="attachment-thumb" /> : null}
          <span className="attachment-text">
            <span className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">{kind.label}</span>
            <span className="truncate font-medium">{a.title || kind.label}</span>
            {a.description ? <span className="muted line-clamp-2">{a.description}</span> : null}
          </span>
        </>
      );
      return href ? (
        <a href={href} className="attachment">
          {body}
        </a>
      ) : (
        <div className="attachment">{body}</div>
      );
    }
    case 'video':
      return <VideoAttachment video={a.video} lazy={rank === 'lazy'} />;
    case 'song':
      return <SongCard song={a} />;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
