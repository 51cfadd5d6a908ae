// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { createFakeStudioApi, type FakeStudioApi } from './studio-api.test-support';
import type { Json } from './studio-api';
import { StudioApp } from './studio-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FILE = 'coupons/neet50.json';
const neet50: Json = {
  $schema: '../../schemas/config/coupon.schema.json',
  code: 'NEET50',
  programmes: ['mock-neet'],
  discount: { amount: 50 },
  validFrom: '2027-01-01',
  validUntil: '2027-01-31',
};

function files(): Record<string, Json> {
  return {
    [FILE]: neet50,
    'coupons/iat25.json': {
      ...(neet50 as object),
      code: 'IAT25',
      programmes: ['iat'],
      discount: { percent: 25 },
      validFrom: '2026-12-20',
      validUntil: '2030-03-31',
    },
    'coupons/old.json': {
      ...(neet50 as object),
      code: 'OLD',
      validFrom: '2023-01-01',
      validUntil: '2023-12-31',
    },
    'programmes/mock-neet.json': { id: 'mock-neet', examType: 'MOCK-NEET', name: 'Mock NEET' },
    'programmes/iat.json': { id: 'iat', examType: 'IAT', name: 'Invictus Admission Test' },
  };
}

function renderAt(api: FakeStudioApi, path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <StudioApp api={api} />
    </MemoryRouter>,
  );
}

const dialog = () => screen.findByRole('dialog', { name: 'Change what students pay?' });
const summary = () => screen.getByRole('region', { name: 'What students get' });

describe('coupons on the home page', () => {
  it('lists each coupon in words with Edit, and "New coupon" opens a draft of a new code', async () => {
    const user = userEvent.setup();
    const api = createFakeStudioApi(files());
    const { container } = renderAt(api, '/');
    const table = await screen.findByRole('table', { name: 'Coupons' });
    const row = within(within(table).getByRole('rowheader', { name: 'IAT25' }).closest('tr') as HTMLElement);
    expect(row.getByText('25% off')).toBeTruthy();
    expect(row.getByText('20 Dec 2026')).toBeTruthy();
    expect(row.getByText('31 Mar 2030')).toBeTruthy();
    expect(row.getByText('Invictus Admission Test')).toBeTruthy();
    expect(within(table).getAllByText('₹50 off')).toHaveLength(2);
    const old = within(within(table).getByRole('rowheader', { name: 'OLD' }).closest('tr') as HTMLElement);
    expect(old.getByText('Published, ended')).toBeTruthy();
    expect(row.getByText('Published')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Edit coupon NEET50' }).getAttribute('href')).toBe(
      `/edit/${FILE}`,
    );
    expect(await seriousViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    const code = screen.getByLabelText('Code students type');
    await user.type(code, 'iat25');
    await user.click(screen.getByRole('button', { name: 'Create the draft' }));
    expect(code.getAttribute('aria-describedby')).toContain('st-new-code-error');
    expect(screen.getByText('A coupon IAT25 exists already: open it from the list.')).toBeTruthy();
    await user.clear(code);
    await user.type(code, 'save10');
    await user.click(screen.getByRole('button', { name: 'Create the draft' }));
    expect(await screen.findByRole('heading', { name: 'Coupon SAVE10', level: 1 })).toBeTruthy();
    expect(await screen.findByText(/This new coupon is a draft until it is published/)).toBeTruthy();
    expect(summary().textContent).toMatch(
      /Students of \(no programme chosen yet\) who type SAVE10 between .* get 10% off the exam fee\./,
    );
  });
});

describe('the coupon editor', () => {
  it('labels every field in words, and says the coupon in a sentence instead of a preview', async () => {
    const api = createFakeStudioApi(files());
    const { container } = renderAt(api, `/edit/${FILE}`);
    const code = await screen.findByLabelText<HTMLInputElement>(/^Code students type/, {}, { timeout: 5000 });
    expect(code.readOnly).toBe(true);
    expect(screen.getByRole('group', { name: 'Discount' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'An amount in rupees' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText<HTMLInputElement>('Rupees off').value).toBe('50');
    expect(screen.getByLabelText<HTMLInputElement>(/^First day/).type).toBe('date');
    expect(screen.getByLabelText<HTMLInputElement>(/^Last day/).value).toBe('2027-01-31');
    expect(await screen.findByRole('checkbox', { name: 'Mock NEET' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Invictus Admission Test' })).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.getByRole('checkbox', { name: 'Passed class 12' })).toBeTruthy();
    expect(screen.getByLabelText(/^Number of uses/)).toBeTruthy();
    expect(screen.queryByTitle(/preview/i)).toBeNull();
    expect(summary().textContent).toContain(
      'Students of Mock NEET who type NEET50 between 1 Jan and 31 Jan 2027 get ₹50 off the exam fee.',
    );
    expect(container.textContent).not.toMatch(/Option 1|leadTerm|validFrom|\$schema/);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('asks before the discount, the days or the programmes change, then saves a draft and submits it', async () => {
    const user = userEvent.setup();
    const api = createFakeStudioApi(files());
    renderAt(api, `/edit/${FILE}`);
    const rupees = await screen.findByLabelText<HTMLInputElement>('Rupees off', {}, { timeout: 5000 });

    fireEvent.change(rupees, { target: { value: '120' } });
    fireEvent.blur(rupees);
    expect(within(await dialog()).getByText(/Discount: ₹50 off → ₹120 off\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'No, keep ₹50 off' }));
    await waitFor(() => expect(rupees.value).toBe('50'));
    expect(summary().textContent).toContain('₹50 off');

    fireEvent.change(rupees, { target: { value: '120' } });
    fireEvent.keyDown(rupees, { key: 'Enter' });
    await dialog();
    await user.click(screen.getByRole('button', { name: 'Yes, change it' }));
    await waitFor(() => expect(summary().textContent).toContain('get ₹120 off the exam fee'));
    const money = within(
      screen.getByRole('heading', { name: 'Money students pay' }).parentElement as HTMLElement,
    );
    expect(money.getByText('Discount')).toBeTruthy();
    expect(money.getByText('₹120 off')).toBeTruthy();

    // A percentage instead: asked too.
    await user.click(screen.getByRole('radio', { name: 'A percentage of the fee' }));
    expect(within(await dialog()).getByText(/Discount: ₹120 off → 100% off\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'No, keep ₹120 off' }));
    expect(screen.getByRole('radio', { name: 'An amount in rupees' })).toHaveProperty('checked', true);

    const last = screen.getByLabelText<HTMLInputElement>(/^Last day/);
    fireEvent.change(last, { target: { value: '2027-02-15' } });
    fireEvent.blur(last);
    expect(within(await dialog()).getByText(/Last day: 31 Jan 2027 → 15 Feb 2027\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, change it' }));

    await user.click(screen.getByRole('checkbox', { name: 'Invictus Admission Test' }));
    expect(within(await dialog()).getByText(/Programmes: mock-neet → mock-neet, iat\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, change it' }));
    await waitFor(() =>
      expect(summary().textContent).toContain(
        'Students of Mock NEET or Invictus Admission Test who type NEET50 between 1 Jan and 15 Feb 2027 get ₹120 off the exam fee.',
      ),
    );

    // A class ticked, then unticked again: no box ticked is every class (the field left out).
    await user.click(screen.getByRole('checkbox', { name: 'Class 11' }));
    expect(within(await dialog()).getByText(/Classes: every class → 11\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, change it' }));
    await waitFor(() => expect(summary().textContent).toContain('in class 11 who type'));
    await user.click(screen.getByRole('checkbox', { name: 'Class 11' }));
    expect(within(await dialog()).getByText(/Classes: 11 → every class\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, change it' }));
    await waitFor(() => expect(summary().textContent).not.toContain('in class'));

    await waitFor(() => {
      const saved = api.writes.at(-1)?.content;
      expect(saved).toMatchObject({
        discount: { amount: 120 },
        validUntil: '2027-02-15',
        programmes: ['mock-neet', 'iat'],
      });
      expect(saved).not.toHaveProperty('classes');
    });
    const submit = screen.getByRole('button', { name: 'Submit for review' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.click(submit);
    expect((await screen.findAllByText(/^Submitted for review\./)).length).toBeGreaterThan(0);
    expect(api.versionsOf.get(FILE)?.at(-1)?.state).toBe('review');
  });
});
