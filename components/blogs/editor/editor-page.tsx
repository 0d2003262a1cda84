import type { ReactNode } from 'react';

/** The editor pages' titles: their heading and their metadata. */
export const NEW_TITLE = 'Write a post';
export const EDIT_TITLE = 'Edit post';

/** The frame of the editor pages: the heading, what state the post is in, the form. */
export function EditorPage({ heading, state, children }: { heading: string; state?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
      {state ? <p className="muted mt-1">{state}</p> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}
