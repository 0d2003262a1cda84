// The first of the editor's three chunks (see rich-text-field.tsx): ProseMirror's document model,
// transforms and state. It asks for the next chunk once it has run.

/**
 * Nothing reads it: exporting it keeps ProseMirror's state (and its model and transforms) in this
 * chunk, which a module whose imports went unused would not.
 * @public
 */
export { EditorState } from 'prosemirror-state';
export const loadView = () => import('./code-view');
