// The client build's stand-in for fast-equals (decision 005) answers as @rjsf/utils' deepEquals
// (fast-equals' createCustomEqual with @rjsf's options) for the values @rjsf compares: form data,
// schemas, its props and its state.
import { deepEquals } from '@rjsf/utils';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createCustomEqual } from './deep-equal';

// @rjsf/utils/lib/deepEquals.js, word for word, over the stand-in.
const standIn = createCustomEqual({
  circular: true,
  createCustomConfig: () => ({
    areFunctionsEqual(_a: unknown, b: unknown) {
      return typeof b === 'function';
    },
  }),
});

class Validator {
  constructor(readonly rootSchema: object) {}
  isValid() {
    return true;
  }
}
class OtherValidator extends Validator {}

const cycle = (): Record<string, unknown> => {
  const node: Record<string, unknown> = { name: 'a' };
  node.self = node;
  return node;
};
const nullPrototype = (value: object): object => Object.assign(Object.create(null) as object, value);
const onChange = () => undefined;
const schema = {
  type: 'object',
  required: ['pincode'],
  properties: { pincode: { type: 'string', pattern: '^[1-9][0-9]{5}$' }, city: { enum: ['A', 'B'] } },
};

const pairs: [string, unknown, unknown][] = [
  ['equal primitives', 'x', 'x'],
  ['different strings', 'x', 'y'],
  ['a number and its string', 1, '1'],
  ['NaN and NaN', Number.NaN, Number.NaN],
  ['0 and -0', 0, -0],
  ['null and undefined', null, undefined],
  ['undefined and undefined', undefined, undefined],
  ['null and an empty object', null, {}],
  ['true and 1', true, 1],
  ['the same keys in another order', { a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }],
  ['a key missing', { a: 1, b: undefined }, { a: 1 }],
  ['a key undefined on each side', { a: 1, b: undefined }, { a: 1, c: undefined }],
  ['different values', { a: 1 }, { a: 2 }],
  ['arrays', [1, 'a', null], [1, 'a', null]],
  ['arrays in another order', [1, 2], [2, 1]],
  ['arrays of another length', [1, 2], [1, 2, undefined]],
  ['an array and an object of its keys', [1], { 0: 1 }],
  ['nested equal schemas', schema, structuredClone(schema)],
  [
    'nested schemas differing deep down',
    schema,
    { ...schema, properties: { ...schema.properties, city: { enum: ['A', 'C'] } } },
  ],
  [
    'nested form data',
    { address: { lines: ['1', '2'], pin: 560001 } },
    { address: { lines: ['1', '2'], pin: 560001 } },
  ],
  ['empty object and empty array', {}, []],
  ['dates at the same time', new Date(0), new Date(0)],
  ['dates at different times', new Date(0), new Date(1)],
  ['a date and its time', new Date(0), 0],
  ['two functions', onChange, () => 1],
  ['a function and an object', { onChange }, { onChange: {} }],
  ['props with other handlers', { schema, onChange }, { schema: structuredClone(schema), onChange: () => 2 }],
  ['objects of a class with equal fields', new Validator(schema), new Validator(structuredClone(schema))],
  ['objects of a class with different fields', new Validator(schema), new Validator({})],
  ['objects of a class and a subclass', new Validator(schema), new OtherValidator(schema)],
  ['an object of a class and a plain object', new Validator(schema), { rootSchema: schema }],
  ['null-prototype objects', nullPrototype({ a: 1 }), nullPrototype({ a: 1 })],
  ['a null-prototype and a plain object', nullPrototype({ a: 1 }), { a: 1 }],
  ['regular expressions', /^[0-9]+$/u, /^[0-9]+$/u],
  ['regular expressions with other flags', /a/u, /a/iu],
  ['two promises', Promise.resolve(1), Promise.resolve(1)],
  ['promise-likes', { then: onChange }, { then: onChange }],
  ['cycles of the same shape', cycle(), cycle()],
  ['a cycle and a chain', cycle(), { name: 'a', self: { name: 'a', self: {} } }],
  [
    'React elements of the same props',
    createElement('b', { id: 'x' }, 'text'),
    createElement('b', { id: 'x' }, 'text'),
  ],
  ['React elements of other props', createElement('b', { id: 'x' }), createElement('b', { id: 'y' })],
  ['React elements of other types', createElement('b'), createElement('i')],
  [
    'validation errors',
    [{ name: 'pattern', property: '.pincode', message: 'x', params: { pattern: '^1' }, stack: 's' }],
    [{ name: 'pattern', property: '.pincode', message: 'x', params: { pattern: '^1' }, stack: 's' }],
  ],
];

describe('the stand-in for fast-equals', () => {
  it.each(pairs)('answers as @rjsf/utils deepEquals: %s', (_name, a, b) => {
    const expected = deepEquals(a, b);
    expect(standIn(a, b)).toBe(expected);
    expect(standIn(b, a)).toBe(deepEquals(b, a));
  });

  it('tells equal from unequal pairs among them (the cases are not all one answer)', () => {
    const answers = pairs.map(([, a, b]) => standIn(a, b));
    expect(answers.filter(Boolean).length).toBeGreaterThan(10);
    expect(answers.filter((answer) => !answer).length).toBeGreaterThan(10);
  });

  it('compares functions by identity without the custom rule, as fast-equals does', () => {
    const plain = createCustomEqual();
    expect(plain(onChange, onChange)).toBe(true);
    expect(plain(onChange, () => undefined)).toBe(false);
  });

  it('compares other built-in objects by identity only, where fast-equals compares contents', () => {
    // Documented difference: no value @rjsf compares in examflow's forms is one of these.
    const map = new Map([['a', 1]]);
    expect(standIn(map, map)).toBe(true);
    expect(standIn(map, new Map([['a', 1]]))).toBe(false);
    expect(deepEquals(map, new Map([['a', 1]]))).toBe(true);
  });
});
