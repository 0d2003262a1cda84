/**
 * The editable area's least height, the same for the editor and for its placeholder while its
 * code loads (./rich-text-field.tsx), so that nothing below moves when one takes the other's place.
 */
export const editorMinHeight = (tall: boolean) => (tall ? 'min-h-72' : 'min-h-48');
