/** Inputs whose keys are not the field's own: a letter or an arrow pressed on them is the page's. */
const NOT_TYPED_IN = new Set(['checkbox', 'button', 'submit', 'reset', 'image', 'file', 'color']);

/**
 * Whether a key pressed on `target` belongs to a field, which the page's own keys (the keyboard
 * shortcuts, a photo's arrows) then leave alone: text inputs, text areas, selects (letters and
 * arrows pick an option), radios and ranges (arrows move them), editable content. A checkbox or a
 * button is not one. That matters beyond them: a <dialog> closed by Escape leaves the focus on its
 * (now hidden) checkbox until React removes its content, and a `/` pressed in that moment was
 * eaten (a CI run of 2026-12-05).
 */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const field = target.closest('input, textarea, select, [contenteditable="true"]');
  return field !== null && !(field instanceof HTMLInputElement && NOT_TYPED_IN.has(field.type));
}
