// The Studio's rich-text editor (TipTap over ProseMirror, decision 058), loaded only when a text
// shown as HTML is on screen (rich-text-widget.tsx). It offers what the sanitising rule keeps and
// a marketing person needs: bold, italic, lists, links, undo; every value it hands on and every
// paste goes through the rule first (rich-text-value.ts), and a paste that lost something says so.
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { createRichTextRule, type RichTextRule } from './rich-text-value';

let shared: RichTextRule | undefined;
const theRule = (): RichTextRule => (shared ??= createRichTextRule(window));

export interface RichTextEditorProps {
  id: string;
  /** The field's name as its label says it ("Point 1"). */
  label: string;
  value: string;
  onChange(value: string | undefined): void;
  onFocus(): void;
  onBlur(): void;
  /** The ids of the field's error, description and help. */
  describedBy: string;
  invalid: boolean;
  required: boolean;
  disabled: boolean;
}

type Mark = 'bold' | 'italic' | 'bulletList' | 'orderedList' | 'link';

interface Tool {
  /** Its name, as a screen reader says it and its tip shows it. */
  name: string;
  /** What the button shows: short, so the toolbar fits a narrow column (a word of its name, or a sign). */
  shown: string;
  /** Pressed while the text at the cursor has it (aria-pressed); actions have none. */
  mark?: Mark;
  shortcut?: string;
  run(editor: Editor): void;
  can?(editor: Editor): boolean;
}

const TOOLS: Tool[] = [
  {
    name: 'Bold',
    shown: 'B',
    mark: 'bold',
    shortcut: 'Control+B',
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    name: 'Italic',
    shown: 'I',
    mark: 'italic',
    shortcut: 'Control+I',
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    name: 'Bulleted list',
    shown: '• List',
    mark: 'bulletList',
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: 'Numbered list',
    shown: '1. List',
    mark: 'orderedList',
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  { name: 'Link', shown: 'Link', mark: 'link', run: () => undefined },
  {
    name: 'Undo',
    shown: '↺',
    shortcut: 'Control+Z',
    run: (e) => e.chain().focus().undo().run(),
    can: (e) => e.can().undo(),
  },
  {
    name: 'Redo',
    shown: '↻',
    shortcut: 'Control+Shift+Z',
    run: (e) => e.chain().focus().redo().run(),
    can: (e) => e.can().redo(),
  },
];

/** Where the history's buttons (undo, redo) start, apart from the formatting's. */
const HISTORY = TOOLS.findIndex((tool) => tool.name === 'Undo');

/** What the rule allows and a dashboard answer needs; no heading, code, quote, rule or strike. */
function extensions(rule: RichTextRule) {
  return [
    StarterKit.configure({
      heading: false,
      code: false,
      codeBlock: false,
      blockquote: false,
      horizontalRule: false,
      strike: false,
      // No empty line kept after a list: Enter twice at a list's end leaves it, as in a word processor.
      trailingNode: false,
      link: {
        openOnClick: false,
        // The rule keeps an address only (no target or rel): none is added to be removed.
        HTMLAttributes: { target: null, rel: null },
        isAllowedUri: (url, { defaultValidate }) => defaultValidate(url) && !rule.linkProblem(url),
      },
    }),
  ];
}

export default function RichTextEditor(props: RichTextEditorProps) {
  const { id, label, value, describedBy, invalid, required, disabled } = props;
  const rule = theRule();
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  // The value as the form last had it from this editor (or gave it): a different one is the
  // form's own change (undo, a draft replaced) and replaces the editor's text.
  const told = useRef(value);
  const [removed, setRemoved] = useState<string[]>([]);
  const pastedId = `${id}__pasted`;
  const unshownId = `${id}__unshown`;
  const unshown = useMemo(() => rule.unshown(value), [rule, value]);
  const attributes = {
    id,
    class: 'st-rich__text',
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    'aria-describedby': `${describedBy} ${unshown.length ? `${unshownId} ` : ''}${pastedId}`,
    'aria-invalid': String(invalid),
    'aria-required': String(required),
    // In the tab order, and focusField (field-focus.ts) does not take it out.
    tabindex: '0',
  };
  const editor = useEditor({
    extensions: extensions(rule),
    content: value,
    editable: !disabled,
    editorProps: {
      attributes,
      // A paste (or a drop) is what the rule keeps of it before the editor reads it.
      transformPastedHTML(html) {
        const pasted = rule.paste(html);
        setRemoved(pasted.removed);
        return pasted.html;
      },
      handleKeyDown(_view, event) {
        // Undo and redo in the text are the text's own, not the editor page's undo of the draft.
        const key = event.key.toLowerCase();
        if ((event.ctrlKey || event.metaKey) && (key === 'z' || key === 'y')) event.stopPropagation();
        return false;
      },
    },
    onUpdate({ editor: updated }) {
      const next = rule.store(updated.getHTML());
      if (next === told.current) return;
      told.current = next;
      latest.current.onChange(next === '' ? undefined : next);
    },
    onFocus: () => latest.current.onFocus(),
    onBlur: () => latest.current.onBlur(),
  });
  useEffect(() => {
    if (value === told.current) return;
    told.current = value;
    setRemoved([]);
    editor.chain().setMeta('addToHistory', false).setContent(value, { emitUpdate: false }).run();
  }, [editor, value]);
  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    editor.setOptions({
      editorProps: { ...editor.options.editorProps, attributes: JSON.parse(attributesKey) },
    });
  }, [editor, attributesKey]);
  return (
    <div className={`st-rich${disabled ? ' st-rich--disabled' : ''}`}>
      <Toolbar editor={editor} label={label} disabled={disabled} />
      {unshown.length > 0 && (
        <p id={unshownId} className="st-rich__note">
          This answer has {unshown.join(' and ')} that this editor cannot show. It stays while you leave this
          answer as it is; a change made here removes it.
        </p>
      )}
      <EditorContent editor={editor} />
      <p id={pastedId} className="st-rich__pasted" role="status">
        {removed.length > 0 && `Removed from what you pasted: ${removed.join(', ')}.`}
      </p>
    </div>
  );
}

function Toolbar({ editor, label, disabled }: { editor: Editor; label: string; disabled: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      pressed: Object.fromEntries(TOOLS.flatMap((t) => (t.mark ? [[t.mark, e.isActive(t.mark)]] : []))),
      can: Object.fromEntries(TOOLS.map((t) => [t.name, t.can ? t.can(e) : true])),
    }),
  });
  // One stop in the tab order; the arrow keys move between the buttons (a toolbar's keys).
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const linkButton = useRef<HTMLButtonElement | null>(null);
  const [linking, setLinking] = useState(false);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const to =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? TOOLS.length - 1
          : step === undefined
            ? undefined
            : (current + step + TOOLS.length) % TOOLS.length;
    if (to === undefined) return;
    event.preventDefault();
    setCurrent(to);
    buttons.current[to]?.focus();
  };
  return (
    <>
      <div
        className="st-rich__tools"
        role="toolbar"
        aria-label={`Formatting of ${label}`}
        onKeyDown={onKeyDown}
      >
        {[TOOLS.slice(0, HISTORY), TOOLS.slice(HISTORY)].map((group, g) => (
          <span key={g} className={`st-rich__group${g ? ' st-rich__group--history' : ''}`}>
            {group.map((tool, k) => {
              const i = g ? HISTORY + k : k;
              // Unavailable, yet focusable: the arrow keys pass over it as over the others.
              const off = !state.can[tool.name];
              return (
                <button
                  key={tool.name}
                  ref={(element) => {
                    buttons.current[i] = element;
                    if (tool.mark === 'link') linkButton.current = element;
                  }}
                  type="button"
                  className={`st-rich__tool st-rich__tool--${tool.name.toLowerCase().replace(/ /g, '-')}`}
                  tabIndex={i === current ? 0 : -1}
                  aria-label={tool.name}
                  title={
                    tool.shortcut ? `${tool.name} (${tool.shortcut.replace('Control', 'Ctrl')})` : tool.name
                  }
                  aria-pressed={tool.mark ? Boolean(state.pressed[tool.mark]) : undefined}
                  aria-keyshortcuts={tool.shortcut}
                  aria-expanded={tool.mark === 'link' ? linking : undefined}
                  aria-disabled={off || undefined}
                  disabled={disabled}
                  onFocus={() => setCurrent(i)}
                  onClick={() => {
                    if (off) return;
                    if (tool.mark === 'link') setLinking((open) => !open);
                    else tool.run(editor);
                  }}
                >
                  {tool.shown}
                </button>
              );
            })}
          </span>
        ))}
      </div>
      {linking && (
        <LinkForm
          editor={editor}
          onClose={() => setLinking(false)}
          returnTo={linkButton}
          fieldLabel={label}
        />
      )}
    </>
  );
}

/** Asks the address the chosen words link to; an address the rule refuses is refused here, with why. */
function LinkForm({
  editor,
  onClose,
  returnTo,
  fieldLabel,
}: {
  editor: Editor;
  onClose(): void;
  returnTo: RefObject<HTMLButtonElement | null>;
  fieldLabel: string;
}) {
  const id = useId();
  const current = editor.isActive('link') ? String(editor.getAttributes('link').href ?? '') : '';
  const [address, setAddress] = useState(current);
  const [problem, setProblem] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const cancel = () => {
    onClose();
    returnTo.current?.focus();
  };
  const add = () => {
    const href = address.trim();
    const refused = href === '' ? 'Write the address the words link to.' : theRule().linkProblem(href);
    if (refused) {
      setProblem(refused);
      input.current?.focus();
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // No words chosen: the address itself becomes the link's words.
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };
  return (
    <div
      className="st-rich__link"
      role="group"
      aria-label={`Link in ${fieldLabel}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          cancel();
        }
      }}
    >
      <label htmlFor={`${id}-address`}>Link address</label>
      <p id={`${id}-help`} className="st-help">
        A page of this site (e.g. /iacst), a website (https://…), an e-mail (mailto:…) or a phone (tel:…).
      </p>
      <input
        ref={input}
        id={`${id}-address`}
        className="st-input"
        type="text"
        inputMode="url"
        value={address}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${problem ? `${id}-problem ` : ''}${id}-help`}
        onChange={(event) => {
          setAddress(event.target.value);
          setProblem(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className="st-field-error">
          {problem}
        </p>
      )}
      <div className="st-rich__link-buttons">
        <button type="button" className="st-button st-button--small" onClick={add}>
          {current ? 'Change link' : 'Add link'}
        </button>
        {current && (
          <button type="button" className="st-button st-button--small st-button--secondary" onClick={remove}>
            Remove link
          </button>
        )}
        <button type="button" className="st-button st-button--small st-button--secondary" onClick={cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
