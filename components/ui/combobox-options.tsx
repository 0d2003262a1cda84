'use client';

import type { ReactNode } from 'react';

/** The id of a combobox's option `i` (the field's aria-activedescendant names it). */
export const comboboxOptionId = (listId: string, i: number) => `${listId}-option-${i}`;

export type ComboboxOptionsProps<T> = {
  /** The listbox's id: the field's aria-controls. */
  id: string;
  label: string;
  open: boolean;
  options: readonly T[];
  keyOf: (option: T) => string | number;
  /** The highlighted option's index, -1 for none. */
  active: number;
  onPick: (option: T) => void;
  className: string;
  optionClassName: (active: boolean) => string;
  children: (option: T) => ReactNode;
};

/**
 * The listbox of the ARIA combobox pattern (the header's search, a photo tag's friend): the
 * field keeps the focus and takes the keys, naming the highlighted option through
 * aria-activedescendant; a pointer picks with a click that does not take the focus away.
 */
export function ComboboxOptions<T>({
  id,
  label,
  open,
  options,
  keyOf,
  active,
  onPick,
  className,
  optionClassName,
  children,
}: ComboboxOptionsProps<T>) {
  return (
    <ul id={id} role="listbox" aria-label={label} hidden={!open} className={className}>
      {options.map((option, i) => (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys stay with the field (aria-activedescendant), as the combobox pattern says; the click is the pointer's way
        <li
          key={keyOf(option)}
          id={comboboxOptionId(id, i)}
          role="option"
          aria-selected={i === active}
          // Keeps the focus in the field, so that the click is not lost to its blur.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(option)}
          className={optionClassName(i === active)}
        >
          {children(option)}
        </li>
      ))}
    </ul>
  );
}
