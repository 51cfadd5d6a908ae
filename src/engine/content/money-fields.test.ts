import { describe, expect, it } from 'vitest';
import commonSchema from '../../../schemas/config/common.schema.json';
import couponSchema from '../../../schemas/config/coupon.schema.json';
import landingSchema from '../../../schemas/config/landing.schema.json';
import programmeSchema from '../../../schemas/config/programme.schema.json';
import {
  isMoneyField,
  isNotMoneyField,
  moneyFieldAt,
  moneyFields,
  moneyInside,
  notMoneyFields,
  sayMoney,
  schemaPointer,
} from './money-fields';
import type { ConfigKind } from './schema-labels';

interface Node {
  type?: string | string[];
  $ref?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  properties?: Record<string, Node>;
  items?: Node;
  allOf?: (Node & { if?: Node; then?: Node })[];
  oneOf?: Node[];
  anyOf?: Node[];
  additionalProperties?: boolean | Node;
  definitions?: Record<string, Node>;
}

const files: Record<string, Node> = {
  'landing.schema.json': landingSchema as Node,
  'programme.schema.json': programmeSchema as Node,
  'common.schema.json': commonSchema as Node,
  'coupon.schema.json': couponSchema as unknown as Node,
};

// Words that say a field may hold or decide an amount: such a field must be classified by hand.
const amountWords =
  /fee|price|amount|cost|coupon|discount|waiv|percent|scholarship|rupee|₹|\binr\b|pay|refund|\bfree\b|charge/i;

interface Leaf {
  pointer: string;
  node: Node;
}

/** Every field of a schema (refs followed, landing block branches and oneOf merged), `-` for list entries. */
function fieldsOf(root: string): Leaf[] {
  const found: Leaf[] = [];
  const seen = new Set<string>();
  const walk = (raw: Node, file: string, pointer: string, depth: number): void => {
    if (depth > 20) throw new Error(`schema too deep at ${pointer}`);
    let node = raw;
    let where = file;
    for (let hops = 0; node.$ref && hops < 10; hops++) {
      const [target = '', fragment = ''] = node.$ref.split('#');
      if (target) where = target;
      const name = fragment.replace(/^\/definitions\//, '');
      const def = files[where]?.definitions?.[name];
      if (!def) throw new Error(`unresolved ${node.$ref} at ${pointer}`);
      // The referring node's own words stay (they describe this use of the definition).
      node = { ...def, ...(raw.description ? { description: raw.description } : {}) };
    }
    const branches = [
      // A landing block's branch (if/then), or the definition another refines (an HTML FAQ entry).
      ...(node.allOf ?? []).map((b) => (b.if ? b.then : b)).filter((b): b is Node => Boolean(b)),
      ...(node.oneOf ?? []),
      ...(node.anyOf ?? []),
    ];
    for (const branch of branches) walk(branch, where, pointer, depth + 1);
    const key = `${pointer}|${JSON.stringify(node).length}`;
    if (node.properties) {
      for (const [name, child] of Object.entries(node.properties))
        walk(child, where, `${pointer}/${name}`, depth + 1);
      if (typeof node.additionalProperties === 'object')
        walk(node.additionalProperties, where, `${pointer}/-`, depth + 1);
    } else if (node.items) walk(node.items, where, `${pointer}/-`, depth + 1);
    else if (branches.length === 0 && !seen.has(key)) {
      seen.add(key);
      found.push({ pointer, node });
    }
  };
  walk(files[root] as Node, root, '', 0);
  return found;
}

/** A field that holds a number, or whose name, words or values speak of money. */
function amountLike({ pointer, node }: Leaf): boolean {
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('integer') || types.includes('number')) return true;
  const key =
    pointer
      .split('/')
      .filter((s) => s !== '-')
      .at(-1) ?? '';
  const words = [key, node.title ?? '', node.description ?? '', ...(node.enum ?? []).map(String)];
  return words.some((w) => amountWords.test(w));
}

const kinds: [ConfigKind, string][] = [
  ['programme', 'programme.schema.json'],
  ['landing', 'landing.schema.json'],
  ['coupon', 'coupon.schema.json'],
];

describe('every numeric or amount-like field is classified', () => {
  it.each(kinds)('%s: each is money or listed as not money, never both', (kind, file) => {
    const fields = fieldsOf(file).filter(amountLike);
    expect(fields.length).toBeGreaterThan(kind === 'programme' ? 20 : 1);
    const unclassified = fields
      .filter((f) => !isMoneyField(kind, f.pointer) && !isNotMoneyField(kind, f.pointer))
      .map((f) => f.pointer);
    expect(unclassified, 'classify these in src/engine/content/money-fields.ts').toEqual([]);
    const both = fields
      .filter((f) => isMoneyField(kind, f.pointer) && isNotMoneyField(kind, f.pointer))
      .map((f) => f.pointer);
    expect(both).toEqual([]);
  });

  it.each(kinds)('%s: every listed field is a field of the schema', (kind, file) => {
    const pointers = fieldsOf(file).map((f) => f.pointer);
    for (const field of moneyFields[kind])
      expect(
        pointers.some((p) => p === field.at || p.startsWith(`${field.at}/`)),
        field.at,
      ).toBe(true);
    for (const field of notMoneyFields[kind])
      expect(
        pointers.some((p) => isNotMoneyField(kind, p) && (field.at.includes('**') || p === field.at)),
        field.at,
      ).toBe(true);
  });

  it('the walk would catch a new amount field', () => {
    // A coupon discount added to the fee, unlisted: the walk finds it and it is in neither list.
    const grown: Leaf = { pointer: '/fee/couponDiscount', node: { type: 'integer' } };
    expect(amountLike(grown)).toBe(true);
    expect(isMoneyField('programme', grown.pointer) || isNotMoneyField('programme', grown.pointer)).toBe(
      false,
    );
    expect(
      amountLike({ pointer: '/support/note', node: { type: 'string', description: 'Refund policy' } }),
    ).toBe(true);
  });
});

describe('the money fields', () => {
  it('are every fee, price, scholarship cap and waiver of a programme', () => {
    expect(moneyFields.programme.map((f) => f.at)).toEqual([
      '/fee/amount',
      '/fee/perTest',
      '/fee/tests',
      '/fee/papers',
      '/fee/offlineSwitchFee',
      '/scholarship/maxPercent',
      '/scholarship/validityDays',
      '/scholarship/waives',
      '/scholarship/repeater/maxPercent',
      '/scholarship/repeater/classes',
      '/scholarship/offlineTest/abovePercent',
      '/scholarship/offlineTest/withinDays',
      '/registration/steps/-/fields/-/name',
    ]);
  });

  it('are found at document pointers, entries and values included', () => {
    expect(schemaPointer('/registration/steps/1/fields/4/name')).toBe('/registration/steps/-/fields/-/name');
    expect(isMoneyField('programme', '/fee/amount')).toBe(true);
    expect(moneyFieldAt('programme', '/scholarship/waives/2')?.label).toBe(
      'Fee components the scholarship lowers',
    );
    expect(isMoneyField('programme', '/schedule/durationMinutes')).toBe(false);
    expect(isMoneyField('landing', '/blocks/1/image/width')).toBe(false);
    // The coupon question is money; the e-mail question is not.
    expect(moneyFieldAt('programme', '/registration/steps/2/fields/5/name', ['coupon'])?.label).toBe(
      'Coupon box',
    );
    expect(moneyFieldAt('programme', '/registration/steps/2/fields/5/name', ['email'])).toBeUndefined();
    expect(
      moneyFieldAt('programme', '/registration/steps/2/fields/5/name', ['coupon', 'email']),
    ).toBeDefined();
  });

  it('are found inside a whole value (a registration step, the scholarship)', () => {
    const step = {
      id: 'exam-details',
      fields: [
        { name: 'examDate', required: true },
        { name: 'coupon', required: false },
      ],
    };
    expect(
      moneyInside('programme', '/registration/steps/2', step).map((m) => [m.field.label, m.pointer]),
    ).toEqual([['Coupon box', '/registration/steps/2/fields/1/name']]);
    expect(
      moneyInside('programme', '/registration/steps/0', {
        id: 'verify-mobile',
        fields: [{ name: 'mobile' }],
      }),
    ).toEqual([]);
    expect(
      moneyInside('programme', '/scholarship', {
        maxPercent: 90,
        validityDays: 30,
        waives: ['Tuition Fee'],
      }).map((m) => m.field.at),
    ).toEqual(['/scholarship/maxPercent', '/scholarship/validityDays', '/scholarship/waives']);
  });

  it('say their values in words', () => {
    const field = (at: string) => {
      const found = moneyFieldAt('programme', at, ['coupon']);
      if (!found) throw new Error(`${at} is money`);
      return found;
    };
    expect(sayMoney(field('/fee/amount'), 145000)).toBe('₹1,45,000');
    expect(sayMoney(field('/fee/amount'), 0)).toBe('₹0 (free)');
    expect(sayMoney(field('/fee/offlineSwitchFee'), undefined)).toBe('not set');
    expect(sayMoney(field('/scholarship/maxPercent'), 90)).toBe('90%');
    expect(sayMoney(field('/fee/tests'), 6)).toBe('6 tests');
    expect(sayMoney(field('/fee/papers'), 1)).toBe('1 paper');
    expect(sayMoney(field('/scholarship/validityDays'), 30)).toBe('30 days');
    expect(sayMoney(field('/scholarship/waives'), ['Tuition Fee', 'Tech + Exam Fee'])).toBe(
      'Tuition Fee, Tech + Exam Fee',
    );
    expect(sayMoney(field('/registration/steps/-/fields/-/name'), 'coupon')).toBe('asked');
    expect(sayMoney(field('/registration/steps/-/fields/-/name'), undefined)).toBe('not asked');
  });

  it('are every field of a coupon, said in words', () => {
    const pointers = fieldsOf('coupon.schema.json').map((f) => f.pointer);
    expect(pointers.filter((p) => p !== '/$schema' && !isMoneyField('coupon', p))).toEqual([]);
    const field = (at: string) => {
      const found = moneyFieldAt('coupon', at);
      if (!found) throw new Error(`${at} is money`);
      return found;
    };
    expect(sayMoney(field('/discount'), { percent: 10 })).toBe('10% off');
    expect(sayMoney(field('/discount'), { amount: 1500 })).toBe('₹1,500 off');
    expect(sayMoney(field('/validFrom'), '2027-01-01')).toBe('1 Jan 2027');
    expect(sayMoney(field('/classes'), undefined)).toBe('every class');
    expect(sayMoney(field('/uses'), 1)).toBe('1 use');
    expect(sayMoney(field('/leadTerm'), '')).toBe('any term');
  });
});
