import Link from 'next/link';
import { ITEM_KINDS, itemHref } from '@/lib/routes';
import type { Attachment } from '@/lib/social-api/activities';

export type AttachmentViewProps = { attachment: Attachment };

/* eslint-disable @next/next/no-img-element -- pictures come from the API's file server and from linked sites */

const CARD = 'flex gap-4 overflow-hidden rounded-xl border border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60';

/** A photo, a link card, a card of a shared item, or a song. */
export function AttachmentView({ attachment: a }: AttachmentViewProps) {
  switch (a.kind) {
    case 'photo': {
      const img = <img src={a.src} alt={a.alt} loading="lazy" decoding="async" className="max-h-[32rem] w-full rounded-xl bg-slate-100 object-contain dark:bg-slate-800" />;
      return a.id ? (
        <Link href={itemHref({ type: 'photo', id: a.id })} prefetch={false} className="block rounded-xl">
          {img}
        </Link>
      ) : (
        img
      );
    }
    case 'link':
      return (
        <a href={a.url} target="_blank" rel="nofollow noopener noreferrer" className={CARD}>
          {a.thumbnail ? <img src={a.thumbnail} alt="" loading="lazy" decoding="async" className="size-24 shrink-0 object-cover" /> : null}
          <span className="flex min-w-0 flex-col justify-center gap-1 p-3">
            <span className="truncate font-medium">{a.title}</span>
            {a.description ? <span className="muted line-clamp-2">{a.description}</span> : null}
            <span className="truncate text-xs text-slate-600 dark:text-slate-400">{hostOf(a.url)}</span>
          </span>
        </a>
      );
    case 'item': {
      const kind = ITEM_KINDS[a.item.type];
      return (
        <Link href={itemHref(a.item)} prefetch={false} className={CARD}>
          {a.image ? <img src={a.image} alt="" loading="lazy" decoding="async" className="size-24 shrink-0 object-cover" /> : null}
          <span className="flex min-w-0 flex-col justify-center gap-1 p-3">
            <span className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">{kind.label}</span>
            <span className="truncate font-medium">{a.title || kind.label}</span>
            {a.description ? <span className="muted line-clamp-2">{a.description}</span> : null}
          </span>
        </Link>
      );
    }
    case 'audio':
      return (
        <figure className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
          <figcaption className="mb-2 text-sm font-medium">{a.title}</figcaption>
          <audio controls preload="none" src={a.src} className="w-full" aria-label={a.title} />
        </figure>
      );
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
