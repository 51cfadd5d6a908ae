// @vitest-environment jsdom
import type { UiSchema } from '@rjsf/utils';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import iacstConfig from '../../../config/programmes/iacst.json';
import { moneyFields } from '../../engine/content/money-fields';
import { segmentsOf } from '../../engine/content/pointer';
import { uiSchemaFor } from './schema-bundle';
import { createFakeStudioApi } from './studio-api.test-support';
import type { Json } from './studio-api';
import { StudioApp } from './studio-app';
import { widgetPointer } from './studio-form';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FILE = 'programmes/iacst.json';
// The money parts of iacst (its whole form is slow to draw in jsdom): the fake file API does not
// check programmes.
const iacst = {
  $schema: iacstConfig.$schema,
  id: iacstConfig.id,
  name: iacstConfig.name,
  fee: iacstConfig.fee,
  scholarship: iacstConfig.scholarship,
  registration: {
    ...iacstConfig.registration,
    steps: [
      {
        id: 'exam-details',
        fields: [
          { name: 'examDate', required: true },
          { name: 'coupon', required: false },
        ],
      },
    ],
  },
} as Json;

describe('every money field asks before it changes', () => {
  it('has a confirming input in the programme form', () => {
    const ui = uiSchemaFor('programme');
    for (const field of moneyFields.programme) {
      let node: UiSchema | undefined = ui;
      for (const segment of segmentsOf(field.at))
        node = (segment === '-' ? node?.items : node?.[segment]) as UiSchema | undefined;
      const widget = node?.['ui:widget'] ?? (node?.items as UiSchema | undefined)?.['ui:widget'];
      expect([field.at, widget]).toEqual([field.at, expect.stringMatching(/^money/)]);
    }
  });

  it('reads the field a widget edits from its id', () => {
    expect(widgetPointer('root_fee_amount')).toBe('/fee/amount');
    expect(widgetPointer('root_registration_steps_2_fields_5_name')).toBe(
      '/registration/steps/2/fields/5/name',
    );
  });
});

function renderProgramme() {
  const api = createFakeStudioApi({ [FILE]: iacst });
  render(
    <MemoryRouter initialEntries={[`/edit/${FILE}`]}>
      <StudioApp api={api} />
    </MemoryRouter>,
  );
  return api;
}

const dialog = () => screen.findByRole('dialog', { name: 'Change what students pay?' });
const moneyList = () =>
  within(screen.getByRole('heading', { name: 'Money students pay' }).parentElement as HTMLElement);

describe('programme editor: money', () => {
  it('confirms a fee, a percent, a fee component and the coupon box, and lists each in words', async () => {
    const user = userEvent.setup();
    renderProgramme();
    // The outline shows one section of the programme at a time.
    await user.click(
      await screen.findByRole('button', { name: /^Fees, payment and scholarship/ }, { timeout: 5000 }),
    );
    const fee = await screen.findByLabelText<HTMLInputElement>(/^Registration fee/, {}, { timeout: 5000 });

    // A fee typed then left: asked, and kept when the person says no.
    fireEvent.change(fee, { target: { value: '499' } });
    fireEvent.blur(fee);
    expect(within(await dialog()).getByText(/Registration fee: ₹0 \(free\) → ₹499\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'No, keep ₹0 (free)' }));
    await waitFor(() => expect(fee.value).toBe('0'));
    expect(screen.queryByRole('heading', { name: 'Money students pay' })).toBeNull();

    fireEvent.change(fee, { target: { value: '499' } });
    fireEvent.blur(fee);
    await dialog();
    await user.click(screen.getByRole('button', { name: 'Yes, change it' }));
    await waitFor(() => expect(fee.value).toBe('499'));
    expect(
      screen
        .getAllByRole('status')
        .some((s) => /Registration fee changed: ₹0 \(free\) → ₹499/.test(s.textContent ?? '')),
    ).toBe(true);
    expect(moneyList().getByText('Registration fee')).toBeTruthy();
    expect(moneyList().getByText('₹499')).toBeTruthy();

    // A percent says %.
    const cap = screen.getByLabelText<HTMLInputElement>(/^Maximum scholarship\s*\*?$/);
    fireEvent.change(cap, { target: { value: '80' } });
    fireEvent.keyDown(cap, { key: 'Enter' });
    expect(within(await dialog()).getByText(/Maximum scholarship: 90% → 80%\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, change it' }));
    await waitFor(() => expect(moneyList().getByText('80%')).toBeTruthy());

    // A fee component unticked: asked at once.
    const tuition = screen.getByRole('checkbox', { name: 'Tuition Fee' });
    expect(tuition).toHaveProperty('checked', true);
    await user.click(tuition);
    expect(
      within(await dialog()).getByText(
        /Fee components the scholarship lowers · Tuition Fee: lowered by the scholarship → charged in full\./,
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, change it' }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Tuition Fee' })).toHaveProperty('checked', false),
    );
    expect(moneyList().getByText('Fee components the scholarship lowers · Tuition Fee')).toBeTruthy();

    // The coupon question removed: asked; cancelled, it stays.
    await user.click(screen.getByRole('button', { name: 'Registration steps' }));
    const coupon = screen
      .getAllByRole<HTMLSelectElement>('combobox')
      .find((select) => select.value === 'coupon' || select.selectedOptions[0]?.textContent === 'coupon');
    const entry = coupon?.closest('li');
    if (!entry) throw new Error('the form shows the coupon question');
    await user.click(within(entry).getByRole('button', { name: /^Remove / }));
    expect(
      within(await dialog()).getByText(/Coupon box \(Registration · Step 1 · Field 2\): asked → not asked\./),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'No, keep asked' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(entry.isConnected).toBe(true);
    expect(moneyList().queryByText(/Coupon/)).toBeNull();
  });
});
