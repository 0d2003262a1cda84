'use server';

import { withSession, type ActionResult } from '@/lib/server-action';
import type { Comment, ReportType } from '@/lib/social-api/core';
import type { Who } from '@/lib/social-api/users';
import type {
  CommentCreateValues,
  CommentDeleteValues,
  ItemPageValues,
  LikeSetValues,
  ReportCreateValues,
  ShareCreateValues,
} from '@/lib/validations/social';
import {
  addCommentCommand,
  deleteCommentCommand,
  listCommentsCommand,
  listLikersCommand,
  listReportTypesCommand,
  reportCommand,
  setLikeCommand,
  shareCommand,
} from '@/lib/social/commands';

// Likes, comments, sharing and reports on any item type (lib/social/commands.ts does
// the work), for the signed-in person. Each is a public POST endpoint: the commands validate
// everything they are given.

export async function setLike(input: LikeSetValues): Promise<ActionResult> {
  return withSession((s) => setLikeCommand(s.accessToken, input));
}

export async function loadLikers(input: ItemPageValues): Promise<ActionResult<{ people: Who[]; more: boolean }>> {
  return withSession((s) => listLikersCommand(s.accessToken, input));
}

export async function loadComments(input: ItemPageValues): Promise<ActionResult<Comment[]>> {
  return withSession((s) => listCommentsCommand(s.accessToken, input));
}

export async function postComment(input: CommentCreateValues): Promise<ActionResult<Comment>> {
  return withSession((s) => addCommentCommand(s.accessToken, s.userId, input));
}

export async function removeComment(input: CommentDeleteValues): Promise<ActionResult> {
  return withSession((s) => deleteCommentCommand(s.accessToken, input));
}

export async function share(input: ShareCreateValues): Promise<ActionResult<{ activityId: number }>> {
  return withSession((s) => shareCommand(s.accessToken, input));
}

export async function loadReportTypes(): Promise<ActionResult<ReportType[]>> {
  return withSession((s) => listReportTypesCommand(s.accessToken));
}

export async function report(input: ReportCreateValues): Promise<ActionResult> {
  return withSession((s) => reportCommand(s.accessToken, input));
}
