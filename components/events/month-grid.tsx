'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { CalendarDay } from '@/lib/events/calendar';

export type MonthGridProps = {
  /** "November 2026" */
  caption: string;
  weekdays: string[];
  weeks: CalendarDay[][];
  /** Event pages by id are /events/{id}. */
  eventHref: string;
  prevHref: string;
  nextHref: string;
};

/**
 * A month as a grid (ARIA grid pattern): one day cell is in the tab order; arrow keys move a day
 * or a week, Home/End to the week's ends, Page Up/Page Down to the month before or after. A day's
 * events are links; a day with more than it shows says "+N more", a link to the day's list.
 */
export function MonthGrid({ caption, weekdays, weeks, eventHref, prevHref, nextHref }: MonthGridProps) {
  const router = useRouter();
  const days = weeks.flat();
  const startAt = Math.max(0, days.findIndex((d) => d.today) >= 0 ? days.findIndex((d) => d.today) : days.findIndex((d) => d.inMonth));
  const [active, setActive] = useState(startAt);
  const cells = useRef<Array<HTMLTableCellElement | null>>([]);

  const move = (to: number) => {
    if (to < 0 || to >= days.length) return;
    setActive(to);
    cells.current[to]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableCellElement>, i: number) => {
    // Keys meant for a link or the "+N more" inside the cell are theirs.
    if (e.target !== e.currentTarget) return;
    const col = i % 7;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => move(i - 1),
      ArrowRight: () => move(i + 1),
      ArrowUp: () => move(i - 7),
      ArrowDown: () => move(i + 7),
      Home: () => move(i - col),
      End: () => move(i - col + 6),
      PageUp: () => router.push(prevHref),
      PageDown: () => router.push(nextHref),
    };
    const act = keys[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  };

  return (
    <table role="grid" aria-label={caption} className="mt-4 w-full table-fixed border-collapse text-sm">
      <thead>
        <tr>
          {weekdays.map((w) => (
            <th key={w} scope="col" className="muted py-1 text-xs font-medium">
              {w}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={week[0]!.key}>
            {week.map((day, d) => {
              const i = w * 7 + d;
              const rest = day.total - day.events.length;
              return (
                <td
                  key={day.key}
                  ref={(el) => {
                    cells.current[i] = el;
                  }}
                  tabIndex={i === active ? 0 : -1}
                  aria-current={day.today ? 'date' : undefined}
                  onKeyDown={(e) => onKeyDown(e, i)}
                  onFocus={() => setActive(i)}
                  data-day={day.key}
                  className={`h-24 border border-slate-200 p-1 align-top focus:outline-2 focus:outline-indigo-600 dark:border-slate-800 ${
                    day.inMonth ? '' : 'bg-slate-50 text-slate-500 dark:bg-slate-900/60 dark:text-slate-400'
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className={`inline-flex size-6 items-center justify-center rounded-full text-xs ${
                      day.today ? 'bg-indigo-700 font-bold text-white' : ''
                    }`}
                  >
                    {day.day}
                  </span>
                  <span className="sr-only">
                    {day.label}
                    {day.today ? ', today' : ''}
                    {day.total ? `, ${day.total} event${day.total > 1 ? 's' : ''}` : ''}
                  </span>
                  <ul className="mt-1 space-y-0.5">
                    {day.events.map((e) => (
                      <EventLine key={e.id} event={e} href={`${eventHref}/${e.id}`} />
                    ))}
                  </ul>
                  {rest > 0 && day.more ? (
                    <a href={day.more} className="link mt-0.5 inline-block text-xs">
                      +{rest} more<span className="sr-only"> on {day.label}</span>
                    </a>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EventLine({ event, href }: { event: CalendarDay['events'][number]; href: string }) {
  return (
    <li className="truncate text-xs">
      <a href={href} className="link" title={event.title}>
        <span className="muted">{event.time}</span> {event.title}
      </a>
    </li>
  );
}
