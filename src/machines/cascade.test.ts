import { describe, expect, it } from 'vitest';
import {
  cascadeComplete,
  fieldsAfter,
  loneOption,
  loneOptionField,
  nextToLoad,
  type CascadeSpec,
} from './cascade';

// The edit-exam chain (class → mode → state → centre → date), held as plain lists and choices.
const chain = ['class', 'mode', 'state', 'centre', 'date'] as const;
type Field = (typeof chain)[number];
interface Ctx {
  fields: readonly Field[];
  lists: Partial<Record<Field, string[]>>;
  chosen: Partial<Record<Field, string>>;
}
const spec: CascadeSpec<Ctx, Field> = {
  fields: (c) => c.fields,
  list: (c, f) => c.lists[f],
  isChosen: (c, f) => c.chosen[f] !== undefined,
};
const ctx = (lists: Ctx['lists'], chosen: Ctx['chosen'], fields: readonly Field[] = chain): Ctx => ({
  fields,
  lists,
  chosen,
});

describe('cascade', () => {
  it('a choice invalidates every field after it, and none before', () => {
    expect(fieldsAfter(chain, 'mode')).toEqual(['state', 'centre', 'date']);
    expect(fieldsAfter(chain, 'date')).toEqual([]);
    expect(fieldsAfter(chain, 'class')).toEqual(['mode', 'state', 'centre', 'date']);
  });

  it('loads the first unloaded list once every earlier field is chosen, not before', () => {
    expect(nextToLoad(spec, ctx({}, {}))).toBe('class');
    expect(nextToLoad(spec, ctx({ class: ['11', '12'] }, {}))).toBeUndefined();
    expect(nextToLoad(spec, ctx({ class: ['11', '12'] }, { class: '11' }))).toBe('mode');
    expect(
      nextToLoad(
        spec,
        ctx({ class: ['11'], mode: ['On', 'Off'], state: ['DL', 'UP'] }, { class: '11', mode: 'On' }),
      ),
    ).toBeUndefined();
    // A field the config leaves out is skipped.
    expect(nextToLoad(spec, ctx({ class: ['11'] }, { class: '11' }, ['class', 'state', 'date']))).toBe(
      'state',
    );
  });

  it('chooses a single option by itself, only where the earlier choices are made', () => {
    expect(loneOptionField(spec, ctx({ class: ['11'] }, {}))).toBe('class');
    expect(loneOptionField(spec, ctx({ class: ['11', '12'] }, {}))).toBeUndefined();
    expect(loneOptionField(spec, ctx({ class: ['11', '12'], mode: ['On'] }, {}))).toBeUndefined();
    expect(loneOptionField(spec, ctx({ class: ['11', '12'], mode: ['On'] }, { class: '12' }))).toBe('mode');
    // Already chosen, or an empty list: nothing to choose.
    expect(loneOptionField(spec, ctx({ class: ['11'] }, { class: '11' }))).toBeUndefined();
    expect(loneOptionField(spec, ctx({ class: [] }, {}))).toBeUndefined();
  });

  it('names the lone option by the value the machine reads for it', () => {
    const upper = (c: Ctx, f: Field) => c.lists[f]?.map((v) => v.toUpperCase());
    expect(loneOption(spec, ctx({ class: ['11', '12'], mode: ['on'] }, { class: '12' }), upper)).toEqual({
      field: 'mode',
      value: 'ON',
    });
    expect(loneOption(spec, ctx({ class: ['11', '12'] }, {}), upper)).toBeUndefined();
    // A list the machine reads no value from chooses nothing.
    expect(loneOption(spec, ctx({ class: ['11'] }, {}), () => [])).toBeUndefined();
  });

  it('is complete when every field of the chain is chosen', () => {
    const all = { class: '11', mode: 'On', state: 'DL', centre: 'C1', date: 'D1' };
    expect(cascadeComplete(spec, ctx({}, all))).toBe(true);
    expect(cascadeComplete(spec, ctx({}, { ...all, date: undefined }))).toBe(false);
    expect(cascadeComplete(spec, ctx({}, { class: '11', date: 'D1' }, ['class', 'date']))).toBe(true);
  });
});
