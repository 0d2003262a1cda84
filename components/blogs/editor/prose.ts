import { baseKeymap, chainCommands, exitCode, lift, setBlockType, toggleMark, wrapIn } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { InputRule, inputRules, textblockTypeInputRule, undoInputRule, wrappingInputRule } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import { DOMParser, DOMSerializer, Schema, type Attrs, type MarkType, type Node, type NodeType, type ResolvedPos } from 'prosemirror-model';
import { liftListItem, sinkListItem, splitListItem, wrapInList } from 'prosemirror-schema-list';
import { EditorState, Plugin, type Command } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';

// The rich-text editor's engine: ProseMirror (the toolkit Tiptap is built on) with a schema of
// what the API keeps of a body (api-server/src/domain/rich-text.ts) and the commands, keys and
// typing shortcuts of the editor. Tiptap's own layer (its core, React bindings and extensions:
// ~50 KiB of gzipped JavaScript over ProseMirror's ~65) is not used: with it, even trimmed to the
// extensions this editor needs, the editor pages' JavaScript, the editor included, came to ~285
// KiB against their budget of 260 (docs/web/rendering.md, "Code that waits for a click loads on the
// click"; docs/decisions/0006-prosemirror-over-tiptap.md).
//
// What the toolbar offers: paragraphs, headings (h2, h3), bold, italic, links, bulleted and
// numbered lists, quotes. A post written elsewhere keeps the other simple formatting the API
// allows (code, strikethrough, underline, a code block, a rule, an h4): the editor reads it and
// writes it back, though its toolbar does not offer it.

/** Links go to the web or to an e-mail address, as the API allows. */
const LINK_SCHEMES = /^(https?:|mailto:)/i;

/**
 * A link's address as a person types it: "example.com/x" is a web address, "ann@example.com" an
 * e-mail address; anything but http(s) and mailto (javascript:, data:…) is refused, as the API
 * would drop it. undefined when it is not an address.
 */
export function linkAddress(typed: string): string | undefined {
  let href = typed.trim();
  if (!href) return undefined;
  if (!/^[a-z][a-z\d+.-]*:/i.test(href)) {
    if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(href)) href = `mailto:${href}`;
    else if (/^[^\s/]+\.[^\s/]+/.test(href) || href.startsWith('//')) href = `https://${href.replace(/^\/\//, '')}`;
    else return undefined;
  }
  try {
    const url = new URL(href);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A mark read from an element, or from a style when `style` is set. */
const styled = (style: string, value: RegExp) => ({ style, getAttrs: (v: string) => (value.test(v) ? null : false) });

const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { content: 'inline*', group: 'block', parseDOM: [{ tag: 'p' }], toDOM: () => ['p', 0] },
    heading: {
      attrs: { level: { default: 2 } },
      content: 'inline*',
      group: 'block',
      defining: true,
      // The API keeps h2–h4: a pasted h1 is a heading, an h5 or h6 the smallest one.
      parseDOM: [1, 2, 3, 4, 5, 6].map((n) => ({ tag: `h${n}`, attrs: { level: Math.min(Math.max(n, 2), 4) } })),
      toDOM: (node) => [`h${node.attrs.level as number}`, 0],
    },
    blockquote: { content: 'block+', group: 'block', defining: true, parseDOM: [{ tag: 'blockquote' }], toDOM: () => ['blockquote', 0] },
    code_block: {
      content: 'text*',
      marks: '',
      group: 'block',
      code: true,
      defining: true,
      parseDOM: [{ tag: 'pre', preserveWhitespace: 'full' }],
      toDOM: () => ['pre', ['code', 0]],
    },
    horizontal_rule: { group: 'block', parseDOM: [{ tag: 'hr' }], toDOM: () => ['hr'] },
    bullet_list: { content: 'list_item+', group: 'block', parseDOM: [{ tag: 'ul' }], toDOM: () => ['ul', 0] },
    ordered_list: { content: 'list_item+', group: 'block', parseDOM: [{ tag: 'ol' }], toDOM: () => ['ol', 0] },
    list_item: { content: 'paragraph block*', defining: true, parseDOM: [{ tag: 'li' }], toDOM: () => ['li', 0] },
    text: { group: 'inline' },
    hard_break: { inline: true, group: 'inline', selectable: false, parseDOM: [{ tag: 'br' }], toDOM: () => ['br'] },
  },
  marks: {
    link: {
      attrs: { href: {} },
      // Typing at a link's end does not lengthen it.
      inclusive: false,
      parseDOM: [
        {
          tag: 'a[href]',
          getAttrs: (dom) => (LINK_SCHEMES.test(dom.getAttribute('href') ?? '') ? { href: dom.getAttribute('href') } : false),
        },
      ],
      toDOM: (mark) => ['a', { href: mark.attrs.href as string, rel: 'nofollow noopener noreferrer', target: '_blank' }, 0],
    },
    bold: {
      parseDOM: [
        { tag: 'strong' },
        // Google Docs wraps a whole copy in <b style="font-weight: normal">.
        { tag: 'b', getAttrs: (dom) => (dom.style.fontWeight !== 'normal' ? null : false) },
        styled('font-weight', /^(bold(er)?|[5-9]\d{2})$/),
      ],
      toDOM: () => ['strong', 0],
    },
    italic: { parseDOM: [{ tag: 'em' }, { tag: 'i' }, styled('font-style', /^italic$/)], toDOM: () => ['em', 0] },
    underline: { parseDOM: [{ tag: 'u' }, styled('text-decoration', /underline/)], toDOM: () => ['u', 0] },
    strike: {
      parseDOM: [{ tag: 's' }, { tag: 'del' }, { tag: 'strike' }, styled('text-decoration', /line-through/)],
      toDOM: () => ['s', 0],
    },
    code: { excludes: '_', code: true, parseDOM: [{ tag: 'code' }], toDOM: () => ['code', 0] },
  },
});

const { nodes, marks } = schema;
export type MarkName = keyof typeof marks & string;
export type ListName = 'bullet_list' | 'ordered_list';

/** The document of some HTML, read without running or loading anything in it. */
function parseHtml(html: string): Node {
  const inert = document.implementation.createHTMLDocument('');
  inert.body.innerHTML = html;
  return DOMParser.fromSchema(schema).parse(inert.body);
}

function toHtml(doc: Node): string {
  const div = document.createElement('div');
  div.append(DOMSerializer.fromSchema(schema).serializeFragment(doc.content));
  return div.innerHTML;
}

/** Where the mark of `type` at `$pos` (in its textblock, just before or after it) begins and ends. */
function markRange($pos: ResolvedPos, type: MarkType): { from: number; to: number } | undefined {
  const { parent } = $pos;
  let index = $pos.index();
  let mark = type.isInSet(parent.maybeChild(index)?.marks ?? []);
  if (!mark && $pos.textOffset === 0 && index > 0) {
    index -= 1;
    mark = type.isInSet(parent.child(index).marks);
  }
  if (!mark) return undefined;
  let first = index;
  let last = index;
  while (first > 0 && mark.isInSet(parent.child(first - 1).marks)) first -= 1;
  while (last + 1 < parent.childCount && mark.isInSet(parent.child(last + 1).marks)) last += 1;
  let from = $pos.start();
  for (let i = 0; i < first; i += 1) from += parent.child(i).nodeSize;
  let to = from;
  for (let i = first; i <= last; i += 1) to += parent.child(i).nodeSize;
  return { from, to };
}

/** The marks where the caret is (or the typing marks), or whether the selection holds `type`. */
function markActive(state: EditorState, type: MarkType): boolean {
  const { from, to, empty, $from } = state.selection;
  if (empty) return Boolean(type.isInSet(state.storedMarks ?? $from.marks()));
  return state.doc.rangeHasMark(from, to, type);
}

/** The depth of the nearest ancestor of the selection's start that is `test`, or -1. */
function ancestor(state: EditorState, test: (node: Node) => boolean): number {
  const { $from } = state.selection;
  for (let d = $from.depth; d > 0; d -= 1) if (test($from.node(d))) return d;
  return -1;
}

const isList = (node: Node) => node.type === nodes.bullet_list || node.type === nodes.ordered_list;

/** A bulleted or numbered list, or back to paragraphs; from one kind of list to the other. */
function toggleList(type: NodeType): Command {
  return (state, dispatch, view) => {
    const depth = ancestor(state, isList);
    if (depth >= 0) {
      const list = state.selection.$from.node(depth);
      if (list.type === type) return liftListItem(nodes.list_item!)(state, dispatch);
      if (dispatch) dispatch(state.tr.setNodeMarkup(state.selection.$from.before(depth), type));
      return true;
    }
    if (wrapInList(type)(state, dispatch)) return true;
    // A heading or a code block becomes a paragraph first (a list item begins with one).
    const asParagraph = setBlockType(nodes.paragraph!);
    if (!dispatch || !view) return asParagraph(state);
    return asParagraph(state, dispatch) && wrapInList(type)(view.state, dispatch);
  };
}

const toggleHeading =
  (level: number): Command =>
  (state, dispatch) =>
    state.selection.$from.parent.type === nodes.heading && state.selection.$from.parent.attrs.level === level
      ? setBlockType(nodes.paragraph!)(state, dispatch)
      : setBlockType(nodes.heading!, { level })(state, dispatch);

const toggleBlockquote: Command = (state, dispatch) =>
  ancestor(state, (n) => n.type === nodes.blockquote) >= 0 ? lift(state, dispatch) : wrapIn(nodes.blockquote!)(state, dispatch);

const toggleCodeBlock: Command = (state, dispatch) =>
  state.selection.$from.parent.type === nodes.code_block
    ? setBlockType(nodes.paragraph!)(state, dispatch)
    : setBlockType(nodes.code_block!)(state, dispatch);

const hardBreak: Command = chainCommands(exitCode, (state, dispatch) => {
  if (dispatch) dispatch(state.tr.replaceSelectionWith(nodes.hard_break!.create()).scrollIntoView());
  return true;
});

/** `**bold**`, `*italic*` and the like as they are typed: the words keep the mark, the signs go. */
function markRule(pattern: RegExp, type: MarkType): InputRule {
  return new InputRule(
    pattern,
    (state, match, start, end) => {
      const [whole, signed, words] = match as unknown as [string, string, string];
      const from = start + whole.length - signed.length;
      const $from = state.doc.resolve(from);
      if (!$from.parent.type.allowsMarkType(type)) return null;
      return state.tr.replaceWith(from, end, schema.text(words, type.create().addToSet($from.marks()))).removeStoredMark(type);
    },
    { inCodeMark: false },
  );
}

/** A web address followed by a space becomes a link as it is typed. */
const autolink = new InputRule(
  /(?:^|\s)((?:https?:\/\/|www\.)[^\s]+?)([.,;:!?)]*)(\s)$/i,
  (state, match, start, end) => {
    const [whole, address, trailing, space] = match as unknown as [string, string, string, string];
    const href = linkAddress(address);
    const from = start + whole.length - address.length - trailing.length - space.length;
    const to = from + address.length;
    if (!href || state.doc.rangeHasMark(from, to, marks.link!)) return null;
    return state.tr.addMark(from, to, marks.link!.create({ href })).insertText(space, end);
  },
  { inCodeMark: false },
);

const rules = inputRules({
  rules: [
    textblockTypeInputRule(/^(#{1,4})\s$/, nodes.heading!, (m) => ({ level: Math.max(2, m[1]!.length) })),
    wrappingInputRule(/^\s*>\s$/, nodes.blockquote!),
    wrappingInputRule(/^\s*([-+*])\s$/, nodes.bullet_list!),
    wrappingInputRule(/^(\d+)\.\s$/, nodes.ordered_list!),
    textblockTypeInputRule(/^```\s$/, nodes.code_block!),
    markRule(/(?:^|\s)(\*\*([^*\s](?:[^*]*[^*\s])?)\*\*)$/, marks.bold!),
    markRule(/(?:^|\s)(__([^_\s](?:[^_]*[^_\s])?)__)$/, marks.bold!),
    markRule(/(?:^|\s)(\*([^*\s](?:[^*]*[^*\s])?)\*)$/, marks.italic!),
    markRule(/(?:^|\s)(_([^_\s](?:[^_]*[^_\s])?)_)$/, marks.italic!),
    markRule(/(?:^|\s)(~~([^~\s](?:[^~]*[^~\s])?)~~)$/, marks.strike!),
    markRule(/(?:^|\s)(`([^`]+)`)$/, marks.code!),
    autolink,
  ],
});

/** A pasted address becomes a link: on the selected words, or as itself where the caret is. */
const linkOnPaste = new Plugin({
  props: {
    handlePaste(view, event) {
      const text = event.clipboardData?.getData('text/plain').trim() ?? '';
      if (!/^(https?:\/\/|mailto:)\S+$/i.test(text) || view.state.selection.$from.parent.type.spec.code) return false;
      const href = linkAddress(text);
      if (!href) return false;
      const { state } = view;
      const { from, to, empty } = state.selection;
      const link = marks.link!.create({ href });
      view.dispatch(
        empty
          ? state.tr.replaceSelectionWith(schema.text(text, [link]), false).removeStoredMark(marks.link!)
          : state.tr.addMark(from, to, link),
      );
      return true;
    },
  },
});

export type RichTextOptions = {
  html: string;
  editable: boolean;
  /** Attributes of the editable element (its role, label, class…). */
  attributes: () => Record<string, string>;
  /** The text changed (not when `setContent` replaced it). */
  onChange: (editor: RichText) => void;
  onBlur: () => void;
  /** Ctrl/Cmd+K: the link form. */
  onLinkShortcut: () => void;
};

/** One editor: its view in `mount`, the state it is in, and what the toolbar and link form do to it. */
export class RichText {
  readonly view: EditorView;
  private editable: boolean;
  private readonly listeners = new Set<() => void>();
  private readonly options: RichTextOptions;

  constructor(mount: HTMLElement, options: RichTextOptions) {
    this.options = options;
    this.editable = options.editable;
    const state = EditorState.create({
      doc: parseHtml(options.html),
      plugins: [
        rules,
        linkOnPaste,
        keymap({
          'Mod-z': undo,
          'Shift-Mod-z': redo,
          'Mod-y': redo,
          Backspace: undoInputRule,
          'Mod-b': toggleMark(marks.bold!),
          'Mod-i': toggleMark(marks.italic!),
          'Mod-u': toggleMark(marks.underline!),
          'Mod-Shift-s': toggleMark(marks.strike!),
          'Mod-e': toggleMark(marks.code!),
          'Mod-Alt-0': setBlockType(nodes.paragraph!),
          'Mod-Alt-2': toggleHeading(2),
          'Mod-Alt-3': toggleHeading(3),
          'Mod-Alt-4': toggleHeading(4),
          'Mod-Alt-c': toggleCodeBlock,
          'Mod-Shift-8': toggleList(nodes.bullet_list!),
          'Mod-Shift-7': toggleList(nodes.ordered_list!),
          'Mod-Shift-b': toggleBlockquote,
          'Shift-Enter': hardBreak,
          'Mod-Enter': hardBreak,
          Enter: splitListItem(nodes.list_item!),
          Tab: sinkListItem(nodes.list_item!),
          'Shift-Tab': liftListItem(nodes.list_item!),
          'Mod-k': () => {
            options.onLinkShortcut();
            return true;
          },
        }),
        keymap(baseKeymap),
        history(),
      ],
    });
    this.view = new EditorView(mount, {
      state,
      editable: () => this.editable,
      attributes: () => this.options.attributes(),
      dispatchTransaction: (tr) => {
        this.view.updateState(this.view.state.apply(tr));
        if (tr.docChanged && !tr.getMeta('setContent')) this.options.onChange(this);
        for (const listener of this.listeners) listener();
      },
      handleDOMEvents: {
        blur: () => {
          this.options.onBlur();
          for (const listener of this.listeners) listener();
          return false;
        },
        focus: () => {
          for (const listener of this.listeners) listener();
          return false;
        },
      },
    });
  }

  get state(): EditorState {
    return this.view.state;
  }

  /** For useSyncExternalStore: called on every change of the state. */
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** One empty paragraph: nothing written. */
  get isEmpty(): boolean {
    const { doc } = this.view.state;
    return doc.childCount === 1 && doc.firstChild!.type === nodes.paragraph && doc.firstChild!.content.size === 0;
  }

  getHTML(): string {
    return toHtml(this.view.state.doc);
  }

  /** Replaces the text (a restored copy); not a change the form is told of, and not undone by Undo. */
  setContent(html: string) {
    const { state } = this.view;
    const doc = parseHtml(html);
    this.view.dispatch(
      state.tr.replaceWith(0, state.doc.content.size, doc.content).setMeta('setContent', true).setMeta('addToHistory', false),
    );
  }

  setEditable(editable: boolean) {
    this.editable = editable;
    this.refresh();
  }

  /** The attributes or the editable state changed: the view takes them again. */
  refresh() {
    this.view.setProps({});
  }

  focus() {
    this.view.focus();
  }

  /** Runs a command on the editor, where the writing goes on. */
  run(command: Command): boolean {
    const done = command(this.view.state, this.view.dispatch, this.view);
    this.view.focus();
    return done;
  }

  toggleMark(name: MarkName) {
    return this.run(toggleMark(marks[name]!));
  }

  toggleHeading(level: number) {
    return this.run(toggleHeading(level));
  }

  toggleList(name: ListName) {
    return this.run(toggleList(nodes[name]!));
  }

  toggleBlockquote() {
    return this.run(toggleBlockquote);
  }

  undo() {
    return this.run(undo);
  }

  redo() {
    return this.run(redo);
  }

  /** Whether the caret (or the selection) is in a mark, a heading of `attrs.level`, a list or a quote. */
  isActive(name: MarkName | ListName | 'heading' | 'blockquote', attrs?: Attrs): boolean {
    const { state } = this.view;
    if (name in marks) return markActive(state, marks[name]!);
    const type = nodes[name]!;
    return ancestor(state, (n) => n.type === type && Object.entries(attrs ?? {}).every(([k, v]) => n.attrs[k] === v)) >= 0;
  }

  /** The address of the link where the caret is, if it is in one. */
  linkHref(): string | undefined {
    const { $from } = this.view.state.selection;
    const range = markRange($from, marks.link!);
    const mark = range && marks.link!.isInSet(this.view.state.doc.resolve(range.from).nodeAfter?.marks ?? []);
    return mark ? (mark.attrs.href as string) : undefined;
  }

  /** The selected words, or the whole link the caret is in. */
  private linkTarget(): { from: number; to: number } {
    const { from, to, empty, $from } = this.view.state.selection;
    if (!empty) return { from, to };
    return markRange($from, marks.link!) ?? { from, to };
  }

  /** Links the selection (or changes the link the caret is in) to `href`. */
  setLink(href: string) {
    return this.run((state, dispatch) => {
      const { from, to } = this.linkTarget();
      if (from === to) return false;
      dispatch?.(state.tr.removeMark(from, to, marks.link!).addMark(from, to, marks.link!.create({ href })));
      return true;
    });
  }

  /** Removes the link the caret is in (or from the selection). */
  unsetLink() {
    return this.run((state, dispatch) => {
      const { from, to } = this.linkTarget();
      dispatch?.(state.tr.removeMark(from, to, marks.link!).removeStoredMark(marks.link!));
      return true;
    });
  }

  /** Writes `text` as a link where the caret is; what is typed next is not part of it. */
  insertLink(text: string, href: string) {
    return this.run((state, dispatch) => {
      const { $from } = state.selection;
      const link = marks.link!.create({ href }).addToSet(state.storedMarks ?? $from.marks());
      dispatch?.(state.tr.replaceSelectionWith(schema.text(text, link), false).removeStoredMark(marks.link!));
      return true;
    });
  }

  destroy() {
    this.listeners.clear();
    this.view.destroy();
  }
}
