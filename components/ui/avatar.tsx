import type { Who } from '@/lib/social-api/users';

export type AvatarProps = {
  person: Pick<Who, 'name' | 'image'> & { picture?: string };
  size?: 'xs' | 'sm' | 'md' | 'lg';
  /** Decorative when the name is written beside it (the default), so it is not read twice. */
  decorative?: boolean;
};

const SIZES = { xs: 'size-7', sm: 'size-8', md: 'size-10', lg: 'size-20' } as const;
const PIXELS = { xs: 28, sm: 32, md: 40, lg: 80 } as const;

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  );
}

/** A person's picture, or their initials on a tint when they have none. The one avatar of the site. */
export function Avatar({ person, size = 'md', decorative = true }: AvatarProps) {
  const src = size === 'lg' ? person.picture || person.image : person.image;
  const cls = `avatar ${SIZES[size]}`;
  if (!src) {
    return (
      <span
        className={`${cls} inline-flex items-center justify-center text-xs font-semibold text-slate-600 dark:text-slate-200`}
        {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': person.name })}
      >
        {initials(person.name)}
      </span>
    );
  }
  const px = PIXELS[size];
  // A small picture decodes in no time: no decoding hint (one attribute less on each of a
  // feed's fifty avatars).
  return <img src={src} alt={decorative ? '' : person.name} className={cls} width={px} height={px} loading="lazy" />;
}
