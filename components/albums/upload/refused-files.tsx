/** The files that were not taken, each with why (a photo picker's checks). */
export function RefusedFiles({ messages }: { messages: readonly string[] }) {
  if (!messages.length) return null;
  return (
    <div role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-3 dark:border-rose-900 dark:bg-rose-950/40">
      <p className="error-text font-medium">
        {messages.length === 1 ? 'This file was not added:' : `These ${messages.length} files were not added:`}
      </p>
      <ul className="error-text mt-1 list-disc pl-5">
        {messages.map((message, i) => (
          <li key={i}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
