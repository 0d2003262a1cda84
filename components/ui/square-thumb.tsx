/**
 * A photo's square thumbnail where the control around it names it (a reorder handle's item, a
 * choice's button): no alt text of its own, lazy, its square reserved so nothing moves as it loads.
 */
export function SquareThumb({ src, size = 240 }: { src: string; size?: number }) {
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="aspect-square w-full rounded-md bg-slate-100 object-cover dark:bg-slate-800"
    />
  );
}
