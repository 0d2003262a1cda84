// The second of the editor's three chunks (see rich-text-field.tsx): ProseMirror's view. It asks for
// the last one (the commands, history, input rules, the schema of ./prose and the React editor).

/**
 * Nothing reads it: exporting it keeps ProseMirror's view in this chunk.
 * @public
 */
export { EditorView } from 'prosemirror-view';
export const loadEditor = () => import('./rich-text-editor');
