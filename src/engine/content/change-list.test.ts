import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDir } from '../node/paths';
import type { Coupon } from '../../generated/config/coupon';
import type { Hosts } from '../../generated/config/hosts';
import type { FaqBlock, HeroBlock, Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import { amountsIn, changeList, moneyChanges, moneyEdit, type Change } from './change-list';

const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(configDir(), file), 'utf8')) as T;
const hosts = read<Hosts>('hosts.json');
const neet = read<Landing>('landings/neet-repeater.json');
const neetHindi = read<Landing>('landings/neet-repeater-hindi.json');
const iacst = read<Programme>('programmes/iacst.json');
const mockJee = read<Programme>('programmes/mock-jee.json');
const samplePack = read<Programme>('programmes/sample-pack.json');
const landing = { hosts, kind: 'landing' as const };
const programme = { hosts, kind: 'programme' as const };

function draftOf(source: Landing, change: (d: Landing) => void): Landing {
  const draft = structuredClone(source);
  change(draft);
  return draft;
}
const blockIndex = (l: Landing, type: string) => l.blocks.findIndex((b) => b.type === type);
const hero = (l: Landing) => l.blocks[blockIndex(l, 'hero')] as HeroBlock;
const faq = (l: Landing) => l.blocks[blockIndex(l, 'faq')] as FaqBlock;
const kinds = (changes: Change[]) => changes.map((c) => c.kind);

describe('changeList on a landing', () => {
  it('says nothing when nothing changed', () => {
    expect(changeList(neet, structuredClone(neet), landing)).toEqual([]);
  });

  it('names a changed text by its block and field, old → new', () => {
    const draft = draftOf(neet, (d) => (hero(d).heading = 'NEET repeaters: one more try'));
    expect(changeList(neet, draft, landing)).toEqual([
      {
        kind: 'text',
        pointer: `/blocks/${blockIndex(neet, 'hero')}/heading`,
        label: 'Hero · Heading',
        before: 'NEET repeater scholarship',
        after: 'NEET repeaters: one more try',
      },
    ]);
  });

  it('names an FAQ entry by its number, and its answer points', () => {
    const draft = draftOf(neet, (d) => {
      const item = faq(d).items[2];
      if (!item) throw new Error('the page has a third question');
      item.heading = 'A new question?';
      item.points[0] = 'A new answer.';
    });
    const labels = changeList(neet, draft, landing).map((c) => c.label);
    expect(labels).toEqual(['FAQ · Question 3', 'FAQ · Question 3 · Answer point 1']);
  });

  it('says a dashboard FAQ answer (shown as HTML) in words and formatting, never its tags', () => {
    const before = iacst.dashboard.faq[0]?.points[0] ?? '';
    const draft = structuredClone(iacst);
    const item = draft.dashboard.faq[0];
    if (!item) throw new Error('iacst has a dashboard FAQ');
    item.points[0] = `<strong>${before}</strong><ul><li>Bring a photo ID &amp; <a href="/iacstexam">your card</a></li></ul>`;
    expect(changeList(iacst, draft, programme)).toEqual([
      expect.objectContaining({
        kind: 'text',
        label: 'Dashboard · Question 1 · Answer point 1',
        before,
        after: `${before} • Bring a photo ID & your card (bold, a bulleted list, a link to /iacstexam)`,
      }),
    ]);
  });

  it('lists a block added and a block removed, each once', () => {
    const draft = draftOf(neet, (d) => {
      d.blocks.splice(blockIndex(d, 'green-strip'), 1);
      d.blocks.splice(3, 0, { type: 'validity', text: 'Valid for 10 days only.' });
    });
    const changes = changeList(neet, draft, landing);
    expect(changes).toContainEqual(
      expect.objectContaining({
        kind: 'block-added',
        label: 'Validity 1',
        after: 'Validity “Valid for 10 days only.”',
      }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({ kind: 'block-removed', label: 'Green strip', pointer: '/blocks/2' }),
    );
    // The page's own validity block is unchanged: it is neither removed nor re-added nor edited.
    expect(changes.filter((c) => c.label.startsWith('Validity'))).toHaveLength(1);
    expect(kinds(changes)).not.toContain('text');
  });

  it('recognises a moved block as a move, not a removal and an addition', () => {
    const from = blockIndex(neet, 'stats');
    const draft = draftOf(neet, (d) => {
      const [stats] = d.blocks.splice(from, 1);
      if (stats) d.blocks.splice(2, 0, stats);
    });
    const changes = changeList(neet, draft, landing);
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'block-moved',
        pointer: '/blocks/2',
        label: 'Stats',
        before: expect.stringMatching(new RegExp(`^position ${from + 1}, after How it works`)),
        after: 'position 3, after Hero “NEET repeater scholarship”',
      }),
    ]);
  });

  it('recognises a moved FAQ entry by its id', () => {
    const draft = draftOf(neet, (d) => {
      const items = faq(d).items;
      const [first] = items.splice(0, 1);
      if (first) items.push(first);
    });
    const changes = changeList(neet, draft, landing);
    expect(kinds(changes)).toEqual(['block-moved']);
    expect(changes[0]?.label).toBe(`FAQ · Question ${faq(neet).items.length}`);
  });

  it('lists a path added and removed with the URLs it affects on every host', () => {
    const draft = draftOf(neet, (d) => (d.paths = ['/neet-repeater-2026']));
    const changes = changeList(neet, draft, landing);
    const added = changes.find((c) => c.kind === 'path-added');
    const removed = changes.find((c) => c.kind === 'path-removed');
    expect(added).toMatchObject({ after: '/neet-repeater-2026', label: 'Page address' });
    expect(added?.urls).toContain('http://iacst.example.com/neet-repeater-2026');
    expect(added?.urls).toContain('http://mock-neet.localhost/neet-repeater-2026');
    expect(added?.urls).toHaveLength(hosts.profiles.flatMap((p) => p.hosts).length);
    // The digital host shows the adst variant at this variant's paths (hosts.json variantOverride).
    expect(added?.note).toMatch(/digital\.localhost.*"iacst_adst"/);
    expect(removed).toMatchObject({ before: '/neet-repeater-scholarship' });
    expect(removed?.urls).toContain('http://localhost/neet-repeater-scholarship');
  });

  it('flags money: a changed amount in a text, apart from other text changes', () => {
    const draft = draftOf(neet, (d) => {
      hero(d).subheading = 'Another year for NEET? Get up to 70% scholarship on our NEET repeater course.';
      hero(d).heading = 'NEET repeaters';
    });
    const money = moneyChanges(changeList(neet, draft, landing));
    expect(money).toEqual([
      expect.objectContaining({
        kind: 'text',
        label: 'Hero · Sub-heading',
        before: expect.stringContaining('60%'),
        after: expect.stringContaining('70%'),
        money: true,
      }),
    ]);
    expect(amountsIn('Fee ₹ 1,499 or Rs. 99, 60 % off, now FREE')).toEqual([
      '₹1,499',
      'rs.99',
      '60%',
      'free',
    ]);
  });

  it('lists the missing translations of a Hindi page against its English one', () => {
    const draft = draftOf(neetHindi, (d) => {
      hero(d).heading = 'NEET repeater scholarship';
      delete hero(d).subheading;
    });
    const changes = changeList(neetHindi, draft, { ...landing, counterpart: neet });
    const missing = changes.filter((c) => c.kind === 'translation-missing');
    expect(missing).toEqual([
      expect.objectContaining({ label: 'Hero · Heading', before: 'NEET repeater scholarship' }),
      expect.objectContaining({ label: 'Hero · Sub-heading', before: hero(neet).subheading }),
    ]);
    expect(changeList(neetHindi, structuredClone(neetHindi), { ...landing, counterpart: neet })).toEqual([]);
  });

  it('describes a new page by its addresses', () => {
    const changes = changeList(null, neet, landing);
    expect(kinds(changes)).toEqual(['path-added', 'setting']);
    expect(changes[1]).toMatchObject({ label: 'New page', after: neet.title });
  });
});

describe('changeList on a programme', () => {
  it('names a fee change as money, with the amount old → new in rupees and percent', () => {
    const draft = structuredClone(iacst);
    draft.fee.amount = 1499;
    if (draft.scholarship) draft.scholarship.maxPercent = 80;
    const changes = changeList(iacst, draft, programme);
    expect(moneyChanges(changes)).toEqual([
      {
        kind: 'money',
        pointer: '/fee/amount',
        label: 'Registration fee',
        before: '₹0 (free)',
        after: '₹1,499',
        money: true,
      },
      {
        kind: 'money',
        pointer: '/scholarship/maxPercent',
        label: 'Maximum scholarship',
        before: '90%',
        after: '80%',
        money: true,
      },
    ]);
  });

  it('names each fee of a series, and a fee added or removed', () => {
    const draft = structuredClone(mockJee);
    draft.fee.perTest = 250;
    draft.fee.tests = 5;
    draft.fee.offlineSwitchFee = 100;
    const plain = (changes: Change[]) =>
      changes.map(({ label, before, after }) => ({ label, before, after }));
    expect(plain(moneyChanges(changeList(mockJee, draft, programme)))).toEqual([
      { label: 'Price per test', before: '₹200', after: '₹250' },
      { label: 'Tests the fee buys', before: '6 tests', after: '5 tests' },
      { label: 'Offline switch fee', before: 'not set', after: '₹100' },
    ]);
    const pack = structuredClone(samplePack);
    pack.fee.papers = 1;
    expect(plain(changeList(samplePack, pack, programme))).toEqual([
      { label: 'Papers the fee buys', before: '4 papers', after: '1 paper' },
    ]);
  });

  it('names each fee component a scholarship starts or stops lowering, and its caps', () => {
    const before = structuredClone(iacst);
    const draft = structuredClone(iacst);
    if (!before.scholarship || !draft.scholarship?.repeater || !draft.scholarship.offlineTest)
      throw new Error('iacst has a scholarship with repeater and offline-test rules');
    before.scholarship.waives = ['Tuition Fee', 'Tech + Exam Fee'];
    draft.scholarship.waives = ['Tuition Fee', 'Admission Kit & Digital Access'];
    draft.scholarship.repeater.maxPercent = 50;
    draft.scholarship.repeater.classes = ['12', '12-passed'];
    draft.scholarship.offlineTest.abovePercent = 70;
    draft.scholarship.offlineTest.withinDays = 10;
    draft.scholarship.validityDays = 15;
    const money = moneyChanges(changeList(before, draft, programme));
    const said = Object.fromEntries(money.map((c) => [c.label, `${c.before} → ${c.after}`]));
    expect(said).toEqual({
      'Scholarship valid for': `${before.scholarship.validityDays} days → 15 days`,
      'Fee components the scholarship lowers · Tech + Exam Fee':
        'lowered by the scholarship → charged in full',
      'Fee components the scholarship lowers · Admission Kit & Digital Access':
        'charged in full → lowered by the scholarship',
      'Maximum scholarship for repeaters': `${before.scholarship.repeater?.maxPercent}% → 50%`,
      'Classes capped as repeaters': '12-passed → 12, 12-passed',
      'Offline test needed above': `${before.scholarship.offlineTest?.abovePercent}% → 70%`,
      'Offline test within': `${before.scholarship.offlineTest?.withinDays} days → 10 days`,
    });
    expect(money.every((c) => c.kind === 'money' && c.money)).toBe(true);
  });

  it('flags the coupon box taken out of a registration step, or asked instead of another field', () => {
    const stepIndex = iacst.registration.steps.findIndex((s) => s.fields.some((f) => f.name === 'coupon'));
    const step = iacst.registration.steps[stepIndex];
    if (!step) throw new Error('iacst asks for a coupon');
    const couponIndex = step.fields.findIndex((f) => f.name === 'coupon');
    const removed = structuredClone(iacst);
    removed.registration.steps[stepIndex]?.fields.splice(couponIndex, 1);
    expect(moneyChanges(changeList(iacst, removed, programme))).toEqual([
      expect.objectContaining({
        kind: 'block-removed',
        label: `Registration · Step ${stepIndex + 1} · Field ${couponIndex + 1}`,
        note: 'Coupon box: asked → not asked',
        money: true,
      }),
    ]);
    const swapped = structuredClone(iacst);
    const field = swapped.registration.steps[stepIndex]?.fields[couponIndex];
    if (field) field.name = 'email';
    expect(moneyChanges(changeList(iacst, swapped, programme))).toEqual([
      expect.objectContaining({
        kind: 'money',
        label: `Coupon box (Registration · Step ${stepIndex + 1})`,
        before: 'asked',
        after: 'not asked',
      }),
    ]);
    // Another question's change is not money.
    const other = structuredClone(iacst);
    const first = other.registration.steps[0]?.fields[0];
    if (first) first.required = !first.required;
    expect(moneyChanges(changeList(iacst, other, programme))).toEqual([]);
  });

  it('says a dashboard block’s condition in words, and names FAQ entries and dates', () => {
    const draft = structuredClone(iacst);
    const banner = draft.dashboard.blocks.find((b) => b.type === 'fomoBanner');
    if (!banner?.when) throw new Error('iacst has a fomo banner with a condition');
    banner.when = { examTaken: true };
    const question = draft.dashboard.faq[1];
    if (question) question.heading = 'When do I get my result?';
    draft.schedule.dates = ['2026-05-10'];
    const changes = changeList(iacst, draft, programme);
    expect(changes).toContainEqual(
      expect.objectContaining({
        kind: 'setting',
        label: 'Dashboard · Closing-soon banner · Shows when',
        after: 'the student has taken the exam',
      }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({
        kind: 'text',
        label: 'Dashboard · Question 2',
        after: 'When do I get my result?',
      }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({ kind: 'setting', label: 'Schedule · Exam dates', after: '2026-05-10' }),
    );
    expect(moneyChanges(changes)).toEqual([]);
  });

  it('recognises a moved dashboard block', () => {
    const draft = structuredClone(iacst);
    const first = draft.dashboard.blocks.shift();
    if (!first) throw new Error('iacst has dashboard blocks');
    draft.dashboard.blocks.push(first);
    const changes = changeList(iacst, draft, programme);
    expect(kinds(changes)).toEqual(['block-moved']);
    expect(changes[0]?.label).toBe('Dashboard · Steps tracker');
  });
});

describe('moneyEdit words the editor’s confirmation as the change list does', () => {
  it('a fee, a percent and a count', () => {
    expect(moneyEdit('programme', iacst, '/fee/amount', 0, 1499)).toEqual({
      label: 'Registration fee',
      before: '₹0 (free)',
      after: '₹1,499',
    });
    expect(moneyEdit('programme', iacst, '/scholarship/repeater/maxPercent', 60, 55)).toEqual({
      label: 'Maximum scholarship for repeaters',
      before: '60%',
      after: '55%',
    });
    expect(moneyEdit('programme', mockJee, '/fee/tests', 6, undefined)?.after).toBe('not set');
  });

  it('a fee component ticked or unticked', () => {
    const waives = iacst.scholarship?.waives ?? [];
    expect(
      moneyEdit(
        'programme',
        iacst,
        '/scholarship/waives',
        waives,
        waives.filter((w) => w !== 'Tuition Fee'),
      ),
    ).toEqual({
      label: 'Fee components the scholarship lowers · Tuition Fee',
      before: 'lowered by the scholarship',
      after: 'charged in full',
    });
  });

  it('a repeater class typed or removed', () => {
    expect(moneyEdit('programme', iacst, '/scholarship/repeater/classes/1', undefined, '12')).toEqual({
      label: 'Classes capped as repeaters',
      before: 'not set',
      after: '12',
    });
  });

  it('the coupon question taken out, and nothing for other questions or fields', () => {
    const stepIndex = iacst.registration.steps.findIndex((s) => s.fields.some((f) => f.name === 'coupon'));
    const fields = iacst.registration.steps[stepIndex]?.fields ?? [];
    const couponIndex = fields.findIndex((f) => f.name === 'coupon');
    const at = `/registration/steps/${stepIndex}/fields/${couponIndex}`;
    expect(moneyEdit('programme', iacst, at, fields[couponIndex], undefined)).toEqual({
      label: `Coupon box (Registration · Step ${stepIndex + 1} · Field ${couponIndex + 1})`,
      before: 'asked',
      after: 'not asked',
    });
    expect(moneyEdit('programme', iacst, `${at}/name`, 'coupon', 'email')).toEqual({
      label: `Coupon box (Registration · Step ${stepIndex + 1})`,
      before: 'asked',
      after: 'not asked',
    });
    expect(
      moneyEdit(
        'programme',
        iacst,
        '/registration/steps/0/fields/0',
        { name: 'mobile', required: true },
        undefined,
      ),
    ).toBeUndefined();
    expect(moneyEdit('programme', iacst, '/schedule/durationMinutes', 60, 90)).toBeUndefined();
    expect(moneyEdit('programme', iacst, '/fee/amount', 0, 0)).toBeUndefined();
  });
});

describe('changeList on a coupon: every field is money', () => {
  const coupon = { hosts, kind: 'coupon' as const };
  const save10: Coupon = {
    $schema: '../../schemas/config/coupon.schema.json',
    code: 'SAVE10',
    programmes: ['mock-neet'],
    discount: { percent: 10 },
    validFrom: '2027-01-01',
    validUntil: '2027-01-31',
  };

  it('says the discount, the days, the classes and the uses in words, each as money', () => {
    const draft: Coupon = {
      ...save10,
      discount: { amount: 500 },
      validUntil: '2027-02-15',
      classes: ['11', '12'],
      uses: 200,
    };
    const changes = changeList(save10, draft, coupon);
    expect(changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['Discount', '10% off', '₹500 off'],
      ['Last day', '31 Jan 2027', '15 Feb 2027'],
      ['Classes', 'every class', '11, 12'],
      ['Number of uses', 'no limit', '200 uses'],
    ]);
    expect(changes.every((c) => c.money && c.kind === 'money')).toBe(true);
  });

  it('names a new coupon by its code, and the confirmation words a discount as the list does', () => {
    expect(changeList(null, save10, coupon)).toEqual([
      { kind: 'setting', pointer: '', label: 'New coupon', after: 'SAVE10', money: true },
    ]);
    expect(moneyEdit('coupon', save10, '/discount', { percent: 10 }, { percent: 20 })).toEqual({
      label: 'Discount',
      before: '10% off',
      after: '20% off',
    });
    expect(moneyEdit('coupon', save10, '/uses', undefined, 50)).toEqual({
      label: 'Number of uses',
      before: 'no limit',
      after: '50 uses',
    });
  });
});
