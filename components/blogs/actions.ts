'use server';

import { withSession, type ActionResult } from '@/lib/server-action';
import type { BlogDeleteInput, BlogSaveInput, BlogStateInput } from '@/lib/validations/blog';
import { deleteBlogCommand, saveBlogCommand, setBlogStateCommand, type BlogSaved } from '@/lib/blogs/commands';

// A blog post's saves for the signed-in person (lib/blogs/commands.ts does the work).
// Each is a public POST endpoint: the commands validate everything they are given.

export async function saveBlog(input: BlogSaveInput): Promise<ActionResult<BlogSaved>> {
  return withSession((s) => saveBlogCommand(s.accessToken, input));
}

export async function setBlogState(input: BlogStateInput): Promise<ActionResult<{ draft: boolean }>> {
  return withSession((s) => setBlogStateCommand(s.accessToken, input));
}

export async function removeBlog(input: BlogDeleteInput): Promise<ActionResult> {
  return withSession((s) => deleteBlogCommand(s.accessToken, input));
}
