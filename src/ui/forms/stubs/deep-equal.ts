// Stands in for fast-equals in the client bundle (decision 005): 2.6 KB gzip of comparators for
// Maps, Sets, typed arrays, URLs, errors and strict descriptors, where @rjsf only ever compares
// form data, schemas, its props and its state. @rjsf/utils' deepEquals is the one importer:
// `createCustomEqual({ circular: true, createCustomConfig: () => ({ areFunctionsEqual }) })`.
// Same answers as fast-equals for what those hold (deep-equal.test.ts checks them against
// @rjsf/utils' own deepEquals): JSON data, functions (by the custom rule), objects of a class (same
// constructor, same own enumerable keys, a React element's owner left out), null-prototype
// objects, arrays, dates, regular expressions, promises, and cycles. Any other built-in object
// (Map, Set, typed array, URL, Error, boxed primitive) is equal only to itself here, where
// fast-equals would compare its contents: never a value examflow's forms hold.

type Compare = (a: unknown, b: unknown) => boolean;

interface CustomConfig {
  areFunctionsEqual?: Compare;
}

interface CustomEqualOptions {
  /** Always on here: a value met again on both sides at once compares as it did the first time. */
  circular?: boolean;
  createCustomConfig?: (defaults: CustomConfig) => CustomConfig;
}

/** fast-equals leaves these out of a React (or Preact) element: the owner is a fiber, deeply circular. */
const OWNER_KEYS = new Set(['_owner', '__o', '__v']);

type Pairs = WeakMap<object, object>;
type Fields = Record<PropertyKey, unknown>;

function createCustomEqual(options: CustomEqualOptions = {}): Compare {
  const functionsEqual = options.createCustomConfig?.({})?.areFunctionsEqual ?? ((a, b) => a === b);

  const equal = (a: unknown, b: unknown, pairs: Pairs): boolean => {
    if (a === b) return true;
    if (a == null || b == null || typeof a !== typeof b) return false;
    if (typeof a === 'number' || typeof a === 'bigint') return Object.is(a, b);
    if (typeof a === 'function') return functionsEqual(a, b);
    if (typeof a !== 'object' || typeof b !== 'object') return false;
    const constructor: unknown = a.constructor;
    if (constructor !== b.constructor) return false;
    if (Array.isArray(a)) return visit(a, b, pairs, () => arraysEqual(a, b as unknown[], pairs));
    if (a instanceof Date) return Object.is(a.getTime(), (b as Date).getTime());
    if (a instanceof RegExp) return a.source === (b as RegExp).source && a.flags === (b as RegExp).flags;
    if (constructor === Promise) return false;
    if (constructor !== Object && constructor != null) {
      // An object of a class: compared as an object if it is one (its tag), unless a promise-like.
      if (Object.prototype.toString.call(a) !== '[object Object]') return false;
      if (typeof (a as Fields).then === 'function' || typeof (b as Fields).then === 'function') return false;
    }
    return visit(a, b, pairs, () => objectsEqual(a as Fields, b as Fields, pairs));
  };

  /** A cycle: a pair met again while being compared is equal only if it is the same pair. */
  const visit = (a: object, b: object, pairs: Pairs, compare: () => boolean): boolean => {
    const pairedA = pairs.get(a);
    const pairedB = pairs.get(b);
    if (pairedA && pairedB) return pairedA === b && pairedB === a;
    pairs.set(a, b);
    pairs.set(b, a);
    const result = compare();
    pairs.delete(a);
    pairs.delete(b);
    return result;
  };

  const arraysEqual = (a: unknown[], b: unknown[], pairs: Pairs): boolean =>
    a.length === b.length && a.every((item, index) => equal(item, b[index], pairs));

  const objectsEqual = (a: Fields, b: Fields, pairs: Pairs): boolean => {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    const element = Boolean(a.$$typeof || b.$$typeof);
    return keys.every(
      (key) =>
        (element && OWNER_KEYS.has(key)) ||
        (Object.prototype.propertyIsEnumerable.call(b, key) && equal(a[key], b[key], pairs)),
    );
  };

  return (a, b) => equal(a, b, new WeakMap());
}

export { createCustomEqual };
