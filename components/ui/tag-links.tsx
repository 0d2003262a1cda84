/** An item's keyword tags (a blog post's, a listing's), each a link to its module's list of that tag. */
export function TagLinks({
  tags,
  href,
  className,
}: {
  tags: readonly { id: number; title: string }[];
  /** The list of items with this tag. */
  href: (tag: string) => string;
  className?: string;
}) {
  if (!tags.length) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-2 ${className ?? ''}`}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <a
            href={href(tag.title)}
            className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700"
          >
            <span aria-hidden="true">#</span>
            {tag.title}
          </a>
        </li>
      ))}
    </ul>
  );
}
