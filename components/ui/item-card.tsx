import type { ReactNode } from 'react';

// The card of an item in a list (an event, a group): its picture or the module's icon in its
// place, its title linking to its page, and the lines each module adds under it.

const SHAPES = {
  /** A group's picture: a square. */
  square: { width: 96, height: 96, box: 'size-24', icon: 'size-8' },
  /** An event's: a wide one. */
  wide: { width: 120, height: 68, box: 'h-[68px] w-[120px]', icon: 'size-6' },
};

export type ItemCardProps = {
  href: string;
  title: string;
  /** The picture's address ('' for none: the icon stands in its place). */
  thumb: string;
  /** The module's icon (icons.svg), as `icon-users`. */
  icon: string;
  shape: keyof typeof SHAPES;
  /** The title's heading level: 2 in a page's list, 3 under a section's own heading. */
  level?: 2 | 3;
  children: ReactNode;
};

/** An item in a list, one of the keyboard's items (`o` opens its title's link). */
export function ItemCard({ href, title, thumb, icon, shape, level = 2, children }: ItemCardProps) {
  const s = SHAPES[shape];
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <article className="card flex gap-4" data-kb-item="">
      {thumb ? (
        <img src={thumb} alt="" width={s.width} height={s.height} className={`${s.box} shrink-0 rounded-lg object-cover`} />
      ) : (
        <span
          aria-hidden="true"
          className={`flex ${s.box} shrink-0 items-center justify-center rounded-lg bg-indigo-50 dark:bg-indigo-950/50`}
        >
          <span className={`icon ${icon} ${s.icon} text-indigo-700 dark:text-indigo-300`} />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <Heading className="text-lg font-semibold">
          <a href={href} className="hover:underline" data-kb-open="">
            {title}
          </a>
        </Heading>
        {children}
      </div>
    </article>
  );
}

/** A card's line of facts, the last one the reader's place in it as a badge. */
export function CardFacts({ children, badge }: { children: ReactNode; badge?: string }) {
  return (
    <p className="muted text-sm">
      {children}
      {badge ? (
        <>
          {' · '}
          <span className="badge">{badge}</span>
        </>
      ) : null}
    </p>
  );
}
