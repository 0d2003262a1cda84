'use client';

import { useEffect, useRef } from 'react';
import { buttonStyles } from '@/components/ui/button';

// The gentle reminder to describe a photo before posting it: a note, never a block. A person
// may turn it off for good in this browser (localStorage; nothing about it is sent anywhere).
const KEY = 'photo-description-reminder';

/** True unless the person turned the reminder off (or the browser keeps no storage). */
export function wantsDescriptionReminder(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return false;
  }
}

function turnOff(): void {
  try {
    localStorage.setItem(KEY, 'off');
  } catch {
    // No storage: the reminder simply comes again next time.
  }
}

/**
 * "Add a description so everyone can see your photo", with the ways on: post anyway, add the
 * description (back to its field), or post and not be reminded again. It takes the focus when
 * it shows, so that a keyboard or screen reader user meets it where they pressed Post.
 */
export function DescriptionReminder({
  onPostAnyway,
  onAddDescription,
  count = 1,
  noun = 'photo',
}: {
  onPostAnyway: () => void;
  onAddDescription: () => void;
  count?: number;
  /** What is being posted ("video"): the description is its text alternative all the same. */
  noun?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby="description-reminder-text"
      className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <p id="description-reminder-text">
        {count > 1
          ? `Some ${noun}s have no description. Add one so everyone can see your ${noun}s, including people who use a screen reader.`
          : `Add a description so everyone can see your ${noun}, including people who use a screen reader.`}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={onAddDescription}>
          Add description
        </button>
        <button type="button" className={buttonStyles.ghost} onClick={onPostAnyway}>
          Post anyway
        </button>
        <button
          type="button"
          className={buttonStyles.ghost}
          onClick={() => {
            turnOff();
            onPostAnyway();
          }}
        >
          Post, and don’t remind me again
        </button>
      </div>
    </div>
  );
}
