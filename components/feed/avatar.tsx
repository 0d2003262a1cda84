import type { Person } from '@/lib/social-api/users';

export type AvatarProps = {
  person: Pick<Person, 'name' | 'image' | 'picture'>;
  size?: 'sm' | 'md' | 'lg';
  /** Decorative when the name is written beside it (the default), so it is not read twice. */
  decorative?: boolean;
};

const SIZES = { sm: 'size-8', md: 'size-10', lg: 'size-20' } as const;

/** A person's picture, or their initial on a tint when they have none. */
export function Avatar({ person, size = 'md', decorative = true }: AvatarProps) {
  const src = size === 'lg' ? person.picture || person.image : person.image;
  const cls = `${SIZES[size]} shrink-0 rounded-full bg-slate-200 object-cover dark:bg-slate-700`;
  if (!src) {
    return (
      <span
        className={`${cls} inline-flex items-center justify-center font-semibold text-slate-600 dark:text-slate-200`}
        {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': person.name })}
      >
        {person.name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- pictures come from the API's own file server
    <img src={src} alt={decorative ? '' : person.name} className={cls} width={size === 'lg' ? 80 : 40} height={size === 'lg' ? 80 : 40} loading="lazy" decoding="async" />
  );
}
