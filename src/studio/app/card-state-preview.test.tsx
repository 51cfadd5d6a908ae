// @vitest-environment jsdom
// The card preview as marketing uses it: choose a state of the registration card and see the real
// card there, with the draft's texts (its card heading, the UI strings of its locale), answered by
// canned data: never the API, never a real navigation.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../config/i18n/en.json';
import mockNeet from '../../../config/programmes/mock-neet.json';
import landing from '../../../config/landings/mock-neet.json';
import site from '../../../config/site.json';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { CardStatePreviewForDraft } from './card-state-preview';
import type { CardWorldPlaces } from './studio-api';
import type { Json } from './studio-api';
import { createFakeStudioApi } from './studio-api.test-support';

const fetchSpy = vi.fn(() => Promise.reject(new Error('the card preview must not call the network')));
beforeEach(() => {
  fetchSpy.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DRAFT_HEADING = 'Book your NEET mock (draft)';
const DRAFT_WRONG_OTP = 'That code is not right (changed text)';
const DRAFT_COUPON_INVALID = 'We do not know this coupon (changed text)';
const DRAFT_SUCCESS = 'You are in! (changed text)';

/** The draft: the published MOCK-NEET page with a new card heading. */
function draft(): Json {
  const copy = structuredClone(landing) as unknown as { blocks: Array<Record<string, unknown>> };
  copy.blocks = copy.blocks.map((b) =>
    b.type === 'registration-card' ? { ...b, heading: DRAFT_HEADING } : b,
  );
  return copy as unknown as Json;
}

function setup(places: CardWorldPlaces | null = null) {
  const api = createFakeStudioApi({
    'programmes/mock-neet.json': mockNeet as unknown as Json,
    'site.json': site as unknown as Json,
    'i18n/en.json': {
      ...en,
      strings: {
        ...en.strings,
        'validation.otp.invalid': DRAFT_WRONG_OTP,
        'registration.couponInvalid': DRAFT_COUPON_INVALID,
        'registration.success': DRAFT_SUCCESS,
      },
    } as unknown as Json,
  });
  api.cardPlaces = places;
  const view = render(<CardStatePreviewForDraft api={api} content={draft()} width={390} />);
  return { ...view, api, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string) {
  const select = await screen.findByRole('combobox', { name: 'Registration card state' });
  await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false), { timeout: 10_000 });
  await user.selectOptions(select, label);
  await waitFor(() => expect(screen.queryByText('Putting the card in this state…')).toBeNull(), {
    timeout: 5_000,
  });
}

const card = (container: HTMLElement) => {
  const region = container.querySelector('section.ef-register');
  if (!(region instanceof HTMLElement)) throw new Error('no card');
  return within(region);
};

describe('card state preview', () => {
  it('starts at step 1 with the draft heading, and lists the states drawn from the machines', async () => {
    const { container } = setup();
    const select = await screen.findByRole('combobox', { name: 'Registration card state' });
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false), { timeout: 10_000 });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(
      expect.arrayContaining(['Wrong OTP', 'Coupon not valid', 'Thank you', 'Payment failed']),
    );
    expect(await card(container).findByRole('heading', { name: DRAFT_HEADING })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows a wrong OTP with the draft text for it', async () => {
    const { container, user } = setup();
    await choose(user, 'Wrong OTP');
    const inCard = card(container);
    expect(inCard.getByRole('heading', { name: en.strings['registration.verifyHeading'] })).toBeTruthy();
    expect(inCard.getByText(/OTP sent to 9876543210/)).toBeTruthy();
    expect(await inCard.findByText(DRAFT_WRONG_OTP)).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows a coupon that is not valid on the exam step, with the fee', async () => {
    const { container, user } = setup();
    await choose(user, 'Coupon not valid');
    const inCard = card(container);
    expect(inCard.getByRole('heading', { name: en.strings['registration.examHeading'] })).toBeTruthy();
    const coupon = await inCard.findByRole('textbox', { name: /Coupon/ });
    expect((coupon as HTMLInputElement).value).toBe('NOTVALID');
    expect(await inCard.findByText(DRAFT_COUPON_INVALID)).toBeTruthy();
    expect(inCard.getByText(en.strings['registration.fee'])).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the thank-you with its roll number, and Go to dashboard goes nowhere', async () => {
    const { container, user } = setup();
    await choose(user, 'Thank you');
    const inCard = card(container);
    expect(inCard.getByRole('heading', { name: DRAFT_SUCCESS })).toBeTruthy();
    expect(inCard.getByText('250000000099')).toBeTruthy();
    const before = window.location.href;
    await user.click(inCard.getByRole('button', { name: en.strings['registration.goToDashboard'] }));
    expect(window.location.href).toBe(before);
    expect(await seriousViolations(container)).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the details step with the errors of fields left empty', async () => {
    const { container, user } = setup();
    await choose(user, 'Details with errors');
    const inCard = card(container);
    const name = await inCard.findByRole('textbox', { name: /Student name|Name/ });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('moves the state list with the card as it is clicked through', async () => {
    const { container, user } = setup();
    const select = (await screen.findByRole('combobox', {
      name: 'Registration card state',
    })) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false), { timeout: 10_000 });
    const shown = () => select.selectedOptions[0]?.textContent;
    await waitFor(() => expect(shown()).toBe('Step 1 – mobile number'));
    const inCard = card(container);
    await user.type(await inCard.findByRole('textbox', { name: /Mobile number/ }), '9876543210');
    await user.click(inCard.getByRole('button', { name: en.strings['registration.verify'] }));
    await waitFor(() => expect(shown()).toBe('OTP sent'));
    // The card stays where the student took it: no new card was put in "OTP sent".
    expect(screen.queryByText('Putting the card in this state…')).toBeNull();
    // Choosing from the list still puts the card in that state.
    await choose(user, 'Step 1 – mobile number');
    expect(shown()).toBe('Step 1 – mobile number');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('offers the programme’s real places and dates, as the server lists them', async () => {
    const { container, user, api } = setup({
      states: [{ tid: '77', stateName: 'Rajasthan', shortCode: 'RJ' }],
      centres: [{ label: 'Kota Main', value: 'RCC Kota Main-RJ001-7', code: 'RJ001', id: '7' }],
      dates: [{ value: '2031-04-13', label: '13 Apr 2031 (Sunday)' }],
      preset: null,
    });
    await choose(user, 'Coupon not valid');
    const inCard = card(container);
    expect(await inCard.findByText(DRAFT_COUPON_INVALID)).toBeTruthy();
    const shown = container.querySelector('section.ef-register')?.textContent ?? '';
    expect(shown).toContain('Rajasthan');
    expect(shown).toContain('Kota Main');
    expect(shown).toContain('13 Apr 2031');
    expect(shown).not.toContain('Delhi Central');
    expect(api.cardWorldRequests).toEqual([{ programme: 'mock-neet', locale: 'en' }]);
  });

  it('says so when the page has no registration card', async () => {
    const api = createFakeStudioApi({});
    render(<CardStatePreviewForDraft api={api} content={{ blocks: [{ type: 'header' }] }} width={390} />);
    expect(screen.getByText('This page has no registration card.')).toBeTruthy();
  });
});
