import { formatEventWhen } from '@/lib/events/time';
import type { ReaderClock } from '@/lib/time/zones';

export type EventWhenProps = { start: number; end: number; timeZone: string; clock: ReaderClock; className?: string };

/** When an event is, in the reader's zone, with the event's own zone beside it when it differs. */
export function EventWhen({ start, end, timeZone, clock, className }: EventWhenProps) {
  const w = formatEventWhen(start, end, timeZone, clock);
  return (
    <span className={className}>
      <time dateTime={w.iso}>{w.text}</time>
      {w.inEventZone ? <span className="muted block text-xs">{w.inEventZone}</span> : null}
    </span>
  );
}
