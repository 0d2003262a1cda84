import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SongCard } from './song-card.tsx';

// A song in a post whose file is not there to play: its card says whether it is still being
// converted or its conversion failed (its owner alone sees either: docs/api.md, "Music").

const text = (status: 'to_be_processed' | 'being_processed' | 'conversion_failed') =>
  renderToStaticMarkup(
    createElement(SongCard, { song: { kind: 'song', id: 4, title: 'Evening hum', duration: null, source: null, status } }),
  ).replace(/<[^>]+>/g, ' ');

describe('a song card without a file to play', () => {
  it('says it is not ready while it converts, and that it could not be converted once that failed', () => {
    expect(text('to_be_processed')).toContain('Not ready to play yet');
    expect(text('being_processed')).toContain('Not ready to play yet');
    expect(text('conversion_failed')).toContain('Could not be converted');
    expect(text('conversion_failed')).not.toContain('Not ready');
  });
});
