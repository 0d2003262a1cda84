import { useId } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { env } from '@/lib/env';
import type { Video } from '@/lib/social-api/videos';
import { embedCode } from '@/lib/videos/embed';

/**
 * "Embed": the code that plays the video on another site (lib/videos/embed.ts), for a video
 * everyone may see once it is converted. A disclosure that opens without script; the code is
 * selectable text, and a button copies it.
 */
export function VideoEmbed({ video }: { video: Video }) {
  const id = useId();
  if (!video.canEmbed) return null;
  const code = embedCode(video, env().WEB_ORIGIN);
  return (
    <details className="mt-4">
      <summary className="btn-ghost with-icon icon-share cursor-pointer">Embed</summary>
      <div className="card mt-2 space-y-2 p-3">
        <label htmlFor={`${id}-code`} className="block text-sm font-medium">
          Code to play this video on another site
        </label>
        <textarea id={`${id}-code`} readOnly rows={3} className="field font-mono text-xs" value={code} />
        <CopyButton text={code} label="Copy the code" done="The code is copied." />
      </div>
    </details>
  );
}
