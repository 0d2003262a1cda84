import { describe, expect, it } from 'vitest';
import type { PlayableVideo } from '../social-api/videos.ts';
import { embedCode, embedMissingPage, embedPage } from './embed.ts';

const upload: PlayableVideo = {
  id: 7,
  title: 'Bars & "tones" <live>',
  width: 1920,
  height: 1080,
  poster: 'http://api.test/files/img/p.jpg',
  player: { kind: 'upload', ready: true },
  status: 'processed',
  statusMessage: '',
};

describe('the code that plays a video on another site', () => {
  it("frames this site's player of an upload, at 640 wide in the video's shape, its title escaped", () => {
    expect(embedCode(upload, 'https://social.test')).toBe(
      '<iframe src="https://social.test/embed/videos/7" width="640" height="360" title="Bars &amp; &quot;tones&quot; &lt;live&gt;" ' +
        'style="border:0" allow="fullscreen; picture-in-picture" allowfullscreen></iframe>',
    );
    expect(embedCode({ ...upload, width: 480, height: 640 }, 'https://social.test')).toContain('width="640" height="853"');
    expect(embedCode({ ...upload, width: null, height: null }, 'https://social.test')).toContain('width="640" height="360"');
  });

  it("frames a link video's provider player, never this site", () => {
    expect(embedCode({ ...upload, player: { kind: 'youtube', code: 'abcdefghijk' } }, 'https://social.test')).toContain(
      'src="https://www.youtube-nocookie.com/embed/abcdefghijk"',
    );
    expect(embedCode({ ...upload, player: { kind: 'vimeo', code: '42' } }, 'https://social.test')).toContain(
      'src="https://player.vimeo.com/video/42"',
    );
  });
});

describe("an upload's player page", () => {
  it('plays the file through this site with its poster, names the video and links to its page, all escaped', () => {
    const html = embedPage(upload, 'https://social.test');
    expect(html).toContain('<video controls playsinline preload="metadata" width="1920" height="1080" src="/embed/videos/7/file"');
    expect(html).toContain('poster="http://api.test/files/img/p.jpg"');
    expect(html).toContain('aria-label="Bars &amp; &quot;tones&quot; &lt;live&gt;"');
    expect(html).toContain(
      '<a href="https://social.test/videos/7" target="_blank" rel="noopener">Bars &amp; &quot;tones&quot; &lt;live&gt;</a>',
    );
    expect(html).not.toContain('<live>');
    expect(html).not.toContain('<script');
  });

  it('says when there is nothing to play', () => {
    expect(embedMissingPage()).toContain('This video is not available.');
  });
});
