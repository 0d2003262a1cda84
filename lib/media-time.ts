// A song's or a video's time as players show it. No imports: it runs in the browser.

/** "3:07", "1:02:03" for a number of seconds; '' when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** "0:01.2", "1:02:03.5": a moment in a video or a song, to the tenth of a second. */
export function formatMoment(seconds: number): string {
  const tenths = Math.round(Math.max(0, seconds) * 10);
  return `${formatDuration(Math.floor(tenths / 10))}.${tenths % 10}`;
}
