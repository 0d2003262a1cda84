import { describe, expect, it } from 'vitest';
import { checkPhotoBytes, formatBytes, formatSizeOver, tooLargePhotoMessage } from './photo-file.ts';

// The size message of a photo over the limit: it must never read as if the file were within it.

const MiB = 1024 * 1024;
const png = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Object.assign(new Blob([bytes], { type: 'image/png' }), { name: 'big.png' });
};

/** The two figures of a message, back in bytes as a reader would take them. */
function figures(message: string): [number, number] {
  const unit = { MB: MiB, KB: 1024, bytes: 1 } as Record<string, number>;
  const found = [...message.matchAll(/([\d,.]+) (MB|KB|bytes)/g)].map((m) => Number(m[1]!.replaceAll(',', '')) * unit[m[2]!]!);
  expect(found).toHaveLength(2);
  return found as [number, number];
}

describe('the message for a photo over the limit', () => {
  it('a photo of exactly the limit is taken; one byte more is refused with figures that differ', async () => {
    expect(await checkPhotoBytes(png(10 * MiB), 10 * MiB)).toBeUndefined();
    const message = await checkPhotoBytes(png(10 * MiB + 1), 10 * MiB);
    expect(message).toBe('“big.png” is 10,485,761 bytes; photos can be at most 10,485,760 bytes. Choose a smaller picture.');
  });

  it('says the sizes as people read them when rounding shows the difference', () => {
    expect(tooLargePhotoMessage('a.jpg', 12.4 * MiB, 10 * MiB)).toBe(
      '“a.jpg” is 12.4 MB; photos can be at most 10 MB. Choose a smaller picture.',
    );
    expect(formatSizeOver(10 * MiB + 60_000, 10 * MiB)).toEqual({ size: '10.1 MB', max: '10 MB' });
    // Within a tenth of a MB: more decimals in the limit's unit.
    expect(formatSizeOver(10 * MiB + 5_000, 10 * MiB)).toEqual({ size: '10.005 MB', max: '10.000 MB' });
    // A limit in KB, a size that rounds to the next unit ("1 MB" is "1024 KB").
    expect(formatSizeOver(MiB + 100, MiB - 100)).toEqual({ size: '1024.1 KB', max: '1023.9 KB' });
  });

  it('never reads as within the limit, whatever the size and the limit', () => {
    const limits = [1, 500, 1023, 1024, 1025, 100_000, MiB - 1, MiB, MiB + 1, 5 * MiB, 10 * MiB, 10 * MiB + 51_000, 1e9];
    for (const max of limits) {
      for (const over of [1, 2, 10, 100, 511, 512, 1000, 51_000, 52_500, 104_857, MiB, 3 * MiB]) {
        const [size, limit] = figures(tooLargePhotoMessage('x.png', max + over, max));
        expect(size, `${max + over} against ${max}`).toBeGreaterThan(limit);
      }
    }
  });

  it('formatBytes keeps its spelling for sizes shown alone', () => {
    expect([formatBytes(900), formatBytes(2048), formatBytes(10 * MiB)]).toEqual(['900 bytes', '2 KB', '10 MB']);
  });
});
