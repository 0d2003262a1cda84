import { site } from '@/lib/site';

export type LogoMarkProps = {
  className?: string;
};

/** The product's mark, the same drawing as app/icon.svg. Decorative: the name is always written next to it. */
function LogoMark({ className }: LogoMarkProps) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <rect width="64" height="64" rx="14" className="fill-indigo-600" />
      <path
        d="M21 41 32 21 43 41Z"
        fill="none"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-indigo-200"
      />
      <g className="fill-white">
        <circle cx="32" cy="20" r="7.5" />
        <circle cx="20" cy="42" r="7.5" />
        <circle cx="44" cy="42" r="7.5" />
      </g>
    </svg>
  );
}

export type LogoProps = {
  className?: string;
};

export function Logo({ className = '' }: LogoProps) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <LogoMark className="size-8 shrink-0" />
      <span className="text-lg font-semibold tracking-tight">{site.name}</span>
    </span>
  );
}
