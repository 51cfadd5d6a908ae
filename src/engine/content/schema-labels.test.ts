import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDir } from '../node/paths';
import { isTextField, labelAt, schemaAt } from './schema-labels';

const read = (file: string): unknown => JSON.parse(readFileSync(path.join(configDir(), file), 'utf8'));
const neet = read('landings/neet-repeater.json');
const iacst = read('programmes/iacst.json');

describe('labelAt names a field by its block and the schema', () => {
  it('landing fields', () => {
    expect(labelAt('landing', '/blocks/1/heading', neet)).toBe('Hero · Heading');
    expect(labelAt('landing', '/blocks/1/points/2', neet)).toBe('Hero · Point 3');
    expect(labelAt('landing', '/blocks/1/cta/label', neet)).toBe('Hero · Button · Label');
    expect(labelAt('landing', '/blocks/10/items/2', neet)).toBe('FAQ · Question 3');
    expect(labelAt('landing', '/blocks/10/items/2/points/0', neet)).toBe('FAQ · Question 3 · Answer point 1');
    expect(labelAt('landing', '/blocks/5/source', neet)).toBe('Criteria (Test details) · Table');
    expect(labelAt('landing', '/blocks/8/steps/1/title', neet)).toBe('How it works · Step 2 · Title');
    expect(labelAt('landing', '/paths/0', neet)).toBe('Page address 1');
    expect(labelAt('landing', '', neet)).toBe('This page');
  });
  it('programme fields', () => {
    expect(labelAt('programme', '/fee/amount', iacst)).toBe('Fee · Registration fee (₹)');
    expect(labelAt('programme', '/dashboard/faq/2/heading', iacst)).toBe('Dashboard · Question 3');
    expect(labelAt('programme', '/dashboard/blocks/1/when', iacst)).toBe(
      'Dashboard · Closing-soon banner · Shows when',
    );
  });
  it('tells texts from settings', () => {
    expect(isTextField(schemaAt('landing', '/blocks/1/heading', neet))).toBe(true);
    expect(isTextField(schemaAt('landing', '/blocks/1/image/alt', neet))).toBe(true);
    expect(isTextField(schemaAt('landing', '/blocks/1/image/src', neet))).toBe(false);
    expect(isTextField(schemaAt('landing', '/blocks/1/cta/href', neet))).toBe(false);
    expect(isTextField(schemaAt('landing', '/variantKey', neet))).toBe(false);
    expect(isTextField(schemaAt('programme', '/fee/amount', iacst))).toBe(false);
  });
});
