// The editor's outline: which entry is chosen (the form shows that part only), the block actions
// as edits of the draft (each one undo step, said in the status line), and the way a field is
// brought into view from elsewhere (the problem list, the change list, the preview): the entry
// holding it is chosen first.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { blockName, entryFor, landingOutline, programmeOutline, type OutlineEntry } from '../model/outline';
import { SHOW_FIELD_EVENT } from './field-focus';
import type { FormSelection } from './form-selection';
import { getAt, insertItem, moveItem, setAt } from './json-path';
import { Outline, outlineButtonId, type BlockActions } from './outline';
import type { FileKind } from './schema-bundle';
import type { Json } from './studio-api';

const FIRST: Record<FileKind, string> = { landing: 'page', programme: 'facts', coupon: '' };

const focusEntry = (key: string) =>
  requestAnimationFrame(() => document.getElementById(outlineButtonId(key))?.focus());

export function useOutline({
  kind,
  draft,
  edit,
  confirmMoney,
}: {
  kind: FileKind;
  draft: Json;
  /** One undo step, said in the status line (with Undo when `undo`). */
  edit(next: Json, message: string, undo?: boolean): void;
  confirmMoney(pointer: string, before: unknown, after: unknown): Promise<boolean>;
}) {
  const [selected, setSelected] = useState(FIRST[kind]);
  const entries = useMemo<OutlineEntry[]>(
    () => (kind === 'landing' ? landingOutline(draft) : kind === 'programme' ? programmeOutline() : []),
    [kind, draft],
  );
  const entriesRef = useRef(entries);
  useLayoutEffect(() => {
    entriesRef.current = entries;
  }, [entries]);
  const chosen = entries.find((e) => e.key === selected) ?? entries[0];
  // The same object while the same part is chosen: typing does not re-render every field.
  const showKey = chosen ? JSON.stringify([chosen.show, chosen.hide]) : '';
  const selection = useMemo<FormSelection>(() => {
    if (!showKey) return undefined;
    const [show, hide] = JSON.parse(showKey) as [string[], string[]];
    return { show, hide };
  }, [showKey]);

  /** Chooses the entry holding the field at `pointer`, drawn before this returns. */
  const reveal = useCallback((pointer: string) => {
    const entry = entryFor(entriesRef.current, pointer);
    if (entry) flushSync(() => setSelected(entry.key));
  }, []);
  useEffect(() => {
    const onShow = (event: Event) => reveal(String((event as CustomEvent<string>).detail));
    document.addEventListener(SHOW_FIELD_EVENT, onShow);
    return () => document.removeEventListener(SHOW_FIELD_EVENT, onShow);
  }, [reveal]);

  const actions = useMemo<BlockActions>(() => {
    const blocks = () => {
      const list = getAt(draft, ['blocks']);
      return Array.isArray(list) ? list : [];
    };
    const name = (i: number) => blockName(blocks()[i]);
    return {
      move(from, to) {
        const count = blocks().length;
        if (to < 0 || to >= count || from === to) return;
        edit(
          moveItem(draft, ['blocks'], from, to),
          `Moved ${name(from)} to position ${to + 1} of ${count}.`,
          true,
        );
        setSelected(`/blocks/${to}`);
        focusEntry(`/blocks/${to}`);
      },
      duplicate(index) {
        const copy = structuredClone(blocks()[index] ?? null);
        edit(
          insertItem(draft, ['blocks'], index + 1, copy),
          `Duplicated ${name(index)}: the copy is at position ${index + 2}, chosen below.`,
          true,
        );
        setSelected(`/blocks/${index + 1}`);
        focusEntry(`/blocks/${index + 1}`);
      },
      toggleHidden(index) {
        const hidden = getAt(draft, ['blocks', index, 'hidden']) === true;
        edit(
          setAt(draft, ['blocks', index, 'hidden'], hidden ? undefined : true),
          hidden
            ? `${name(index)} is shown on the page again.`
            : `${name(index)} is hidden from the page. It stays in the draft: choose "Show" in the list of blocks to bring it back.`,
          true,
        );
      },
      remove(index) {
        const block = blocks()[index];
        // A block that holds money (the registration card) asks first, as the form's own remove does.
        void confirmMoney(`/blocks/${index}`, block, undefined).then((ok) => {
          if (!ok) return;
          edit(setAt(draft, ['blocks', index], undefined), `Removed ${name(index)}.`, true);
          const next = index > 0 ? `/blocks/${index - 1}` : 'page';
          setSelected(next);
          focusEntry(next);
        });
      },
    };
  }, [draft, edit, confirmMoney]);

  const outline =
    entries.length === 0 ? null : (
      <Outline
        entries={entries}
        selected={chosen?.key ?? ''}
        onSelect={setSelected}
        title={kind === 'programme' ? 'Sections' : 'Blocks of the page'}
        {...(kind === 'landing' ? { actions } : {})}
      />
    );
  return { outline, selection, reveal, selected: chosen?.key ?? '' };
}
