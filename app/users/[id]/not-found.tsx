import Link from 'next/link';

export default function MemberNotFound() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-16 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">This member is not here</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        There is no member at this address, or their wall is not visible to you.
      </p>
      <Link
        href="/"
        className="mt-6 inline-flex items-center rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
      >
        Back to your feed
      </Link>
    </div>
  );
}
