'use client';

import type { CSSProperties } from 'react';
import { useInBrowser } from '@/components/ui/use-in-browser';

export type NativeVideoProps = {
  src: string;
  poster?: string;
  width: number;
  height: number;
  style: CSSProperties;
  describedBy?: string;
};

/**
 * An uploaded video in the browser's own <video>, with its controls: only its metadata fetched
 * until played, its poster meanwhile. The element comes in the render after the page hydrates;
 * the HTML has its poster in the same box: a <video> before the first paint (Chromium's stylesheet
 * for media, ~120 KB parsed, and the controls' shadow tree with its SVG icons, styled and laid
 * out) held a feed with a video in its first screen for ~100 ms at the bench's 4×
 * (docs/performance.md, "A video in the first screen held the first paint"). Without script the
 * page's <noscript> copy is the video.
 */
export function NativeVideo({ src, poster, width, height, style, describedBy }: NativeVideoProps) {
  const inBrowser = useInBrowser();
  const className = 'block h-auto w-full rounded-xl bg-black';
  const video = (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- the API keeps no captions (docs/api.md, "Videos"): the description is the video's text alternative, named by aria-describedby
    <video
      controls
      preload="metadata"
      poster={poster}
      width={width}
      height={height}
      style={style}
      className={className}
      aria-describedby={describedBy}
      src={src}
    >
      <a href={src}>Download the video</a>
    </video>
  );
  if (inBrowser) return video;
  return (
    <>
      {poster ? (
        // The poster the video will show, for the moment until it is there: nothing to name twice.
        <img
          src={poster}
          alt=""
          aria-hidden
          width={width}
          height={height}
          style={style}
          className={`${className} object-contain noscript:hidden`}
        />
      ) : (
        <div aria-hidden style={style} className={`${className} noscript:hidden`} />
      )}
      <noscript>{video}</noscript>
    </>
  );
}
