'use server';

import { z } from 'zod';
import { imageSrc } from '@/lib/images/image-src';
import { invalid, withSession, type ActionResult } from '@/lib/server-action';
import { isApiError } from '@/lib/social-api/errors';
import { getLinkPreview } from '@/lib/social-api/link-preview';
import { isHttpUrl, URL_MAX } from '@/lib/validations/activity';

/** What the composer's link card shows, and what a post sends as its link attachment. */
export interface LinkCardData {
  url: string;
  title: string;
  description: string;
  /** The picture's address on its own site: sent as attachment[thumb]. */
  thumb: string;
  /** Where the browser shows it: through the image route (lib/images/image-src.ts). */
  thumbSrc: string;
}

const NO_PREVIEW = 'No preview is available for this link.';

const inputSchema = z.object({ url: z.string().trim().max(URL_MAX).refine(isHttpUrl) });

/** The preview of a link typed or pasted into the composer (GET /core/link_preview). */
export async function previewLink(input: { url: string }): Promise<ActionResult<LinkCardData>> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return invalid('That is not a web address.');
  return withSession<LinkCardData>(async (s) => {
    try {
      const p = await getLinkPreview(s.accessToken, parsed.data.url);
      // A server without previews (an extension of the API): no card, and the post still goes.
      if (!p) return { ok: false, message: NO_PREVIEW };
      return { ok: true, message: '', data: { ...p, thumbSrc: p.thumb ? imageSrc(p.thumb) : '' } };
    } catch (e) {
      // The other site is down, refuses, or is not a page: no card, and the post still goes.
      if (isApiError(e) && (e.status === 400 || e.status === 502 || e.status === 504)) {
        return { ok: false, message: NO_PREVIEW };
      }
      throw e;
    }
  });
}
