// @vitest-environment jsdom
// The Texts screen over a fake API and the real string tables: texts grouped by where students read
// them, search in either language, the Hindi still to write, a dropped {placeholder} refused at its
// field, and an edit saved as a draft of that language's table and submitted for review.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../config/i18n/en.json';
import hi from '../../../config/i18n/hi.json';
import mockNeet from '../../../config/programmes/mock-neet.json';
import landing from '../../../config/landings/mock-neet.json';
import site from '../../../config/site.json';
import { createFakeStudioApi, type FakeStudioApi } from './studio-api.test-support';
import { renderStudioAs } from './studio-render.test-support';
import type { Json } from './studio-api';
import { hindiMissing } from './texts-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

type Table = { strings: Record<string, string> };

function api(hindi: (strings: Record<string, string>) => void = () => {}): FakeStudioApi {
  const hiCopy = structuredClone(hi) as Table;
  hindi(hiCopy.strings);
  return createFakeStudioApi({
    'i18n/en.json': structuredClone(en) as unknown as Json,
    'i18n/hi.json': hiCopy as unknown as Json,
    'programmes/mock-neet.json': mockNeet as unknown as Json,
    'landings/mock-neet.json': landing as unknown as Json,
    'site.json': site as unknown as Json,
  });
}

const place = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('details') as HTMLElement;
const search = () => screen.getByLabelText('Search the texts (English or Hindi)');
const STEP_1 = 'Registration card · Step 1 (mobile number)';
/** A text's group, found by its published English text (in a place: a text may be in several). */
const text = (english: string, where?: string) =>
  within(where ? place(where) : document.body).getByRole('group', { name: `“${english}”` });

/** An editor opens the Texts screen and types "Register Today" over step 1's "Register Now". */
async function typeRegisterToday() {
  const user = userEvent.setup();
  const fake = api();
  renderStudioAs(fake, 'editor', '/texts');
  await screen.findByRole('heading', { level: 1, name: 'Texts students read' });
  await user.type(search(), 'Register Now');
  const english = within(text('Register Now', STEP_1)).getByLabelText('English');
  await user.clear(english);
  await user.type(english, 'Register Today');
  return { user, fake };
}

describe('the Texts screen', () => {
  it('groups the texts by where students read them, closed until opened, English and Hindi side by side', async () => {
    const user = userEvent.setup();
    renderStudioAs(api(), 'editor', '/texts');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Texts students read' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const step1 = place('Registration card · Step 1 (mobile number)');
    expect(step1.textContent).toMatch(/\d+ texts/);
    expect(place('Result page')).toBeTruthy();
    expect(place('Messages and errors · Mobile number and OTP')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '“Register Now”' })).toBeNull();

    await user.click(within(step1).getByText('Registration card · Step 1 (mobile number)'));
    const row = text('Register Now', STEP_1);
    expect(within(row).getByLabelText('English')).toHaveProperty('value', 'Register Now');
    expect(within(row).getByLabelText('Hindi')).toHaveProperty('value', hi.strings['registration.heading']);
    // The payment's texts are elsewhere, not among step 1's.
    expect(within(step1).queryByRole('group', { name: '“Pay and Register Now”' })).toBeNull();
  });

  it('finds texts by words in either language, and lists the Hindi still to write', async () => {
    const user = userEvent.setup();
    renderStudioAs(
      api((s) => {
        s['registration.heading'] = 'Register Now';
        s['login.heading'] = '';
      }),
      'editor',
      '/texts',
    );
    await screen.findByRole('heading', { level: 1, name: 'Texts students read' });
    await user.type(search(), 'OTP sent to');
    // Both, each in its own place.
    const captions = (name: string) =>
      within(place(name))
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-labelledby'));
    expect(captions('Registration card · Step 1 (mobile number)')).toEqual(['registration.otpSent-caption']);
    expect(captions('Forgot roll number or password')).toEqual(['recover.otpSent-caption']);
    expect(screen.getByText('2 texts match.')).toBeTruthy();

    await user.clear(search());
    await user.type(search(), hi.strings['registration.resendOtp']);
    expect(screen.getAllByRole('group', { name: '“Resend OTP”' }).length).toBeGreaterThan(0);

    await user.clear(search());
    await user.click(screen.getByLabelText(/^Only texts whose Hindi is missing or still in English/));
    const groups = screen.getAllByRole('group').map((g) => g.getAttribute('aria-labelledby'));
    expect(groups).toContain('registration.heading-caption');
    expect(groups).toContain('login.heading-caption');
    expect(within(text('Register Now', STEP_1)).getByText('Still in English')).toBeTruthy();
    expect(within(text('Student login')).getByText('Missing')).toBeTruthy();
  });

  it('takes a Hindi text equal to an English text without words ("{class} {stream}") as written', () => {
    expect(hindiMissing('{class} {stream}', '{class} {stream}')).toBe(false);
    expect(hindiMissing('₹{amount}', '₹{amount}')).toBe(false);
    expect(hindiMissing('Register Now', 'Register Now ')).toBe(true);
    expect(hindiMissing('Register Now', '')).toBe(true);
  });

  it('refuses a Hindi text that drops {mobile}, at the field, and blocks its submission', async () => {
    renderStudioAs(api(), 'editor', '/texts');
    await screen.findByRole('heading', { level: 1, name: 'Texts students read' });
    fireEvent.change(search(), { target: { value: 'OTP sent to' } });
    const row = within(place('Registration card · Step 1 (mobile number)')).getByRole('group');
    const hindi = within(row).getByLabelText('Hindi');
    fireEvent.change(hindi, { target: { value: 'ओटीपी भेजा गया।' } });
    expect(hindi.getAttribute('aria-invalid')).toBe('true');
    const described = (hindi.getAttribute('aria-describedby') ?? '').split(' ');
    const error = document.getElementById(described[0] ?? '');
    expect(error?.textContent).toBe(
      'Keep {mobile} in this text, written exactly so: the page puts the real value there.',
    );
    // The hint says so before any mistake, for the English and the Hindi.
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Keep {mobile} as written: the page puts the real value there.',
    );
    const submit = screen.getByRole('button', { name: 'Submit Hindi texts for review' });
    expect(submit).toHaveProperty('disabled', true);
    expect(screen.getByText('Fix the text marked in red to submit the Hindi texts.')).toBeTruthy();
    // An empty English text is an error too.
    const english = within(row).getByLabelText('English');
    fireEvent.change(english, { target: { value: ' ' } });
    expect(english.getAttribute('aria-invalid')).toBe('true');
  });

  it('saves an edit as a draft of that language, and submits it for review', async () => {
    const { user, fake } = await typeRegisterToday();
    await waitFor(() => expect(fake.writes.length).toBeGreaterThan(0), { timeout: 3000 });
    await waitFor(() =>
      expect(
        (fake.writes.at(-1)?.content as { strings: Record<string, string> }).strings['registration.heading'],
      ).toBe('Register Today'),
    );
    expect(fake.writes.every((w) => w.path === 'i18n/en.json')).toBe(true);
    // The row keeps its place (found by the text students see now) while it is edited.
    expect(text('Register Now', STEP_1)).toBeTruthy();
    expect(await screen.findByText(/^Draft saved at /)).toBeTruthy();

    const submit = screen.getByRole('button', { name: 'Submit English texts for review' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    expect(screen.getByRole('button', { name: 'Submit Hindi texts for review' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.type(
      screen.getByLabelText('Note for the reviewer of the English texts (optional)'),
      'New heading',
    );
    await user.click(submit);
    expect(await screen.findByText(/^Submitted for review\. A publisher/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('st-news'));
    const number = fake.versionsOf.get('i18n/en.json')?.at(-1)?.number;
    expect(fake.calls).toContainEqual({
      action: 'submitForReview',
      request: { path: 'i18n/en.json', number, note: 'New heading' },
    });
  });

  it('takes a Submit clicked right after typing: the texts are saved at once, then submitted', async () => {
    const { user, fake } = await typeRegisterToday();
    // Clicked before the typist's pause has saved anything.
    expect(fake.writes).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Submit English texts for review' }));
    expect(await screen.findByText(/^Submitted for review\. A publisher/)).toBeTruthy();
    const version = fake.versionsOf.get('i18n/en.json')?.at(-1);
    expect(version).toMatchObject({ state: 'review' });
    expect((version?.content as { strings: Record<string, string> }).strings['registration.heading']).toBe(
      'Register Today',
    );
  });

  it("opens from the home page, and for a string table's address", async () => {
    const user = userEvent.setup();
    renderStudioAs(api(), 'editor', '/');
    await user.click(await screen.findByRole('link', { name: 'Edit the texts' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Texts students read' })).toBeTruthy();
    cleanup();
    renderStudioAs(api(), 'editor', '/edit/i18n/hi.json');
    expect(await screen.findByRole('heading', { level: 1, name: 'Texts students read' })).toBeTruthy();
  });

  it('shows a registration text in the card as it is being edited, at the screen where it shows', async () => {
    const user = userEvent.setup();
    renderStudioAs(api(), 'editor', '/texts');
    await screen.findByRole('heading', { level: 1, name: 'Texts students read' });
    fireEvent.change(search(), { target: { value: 'Verify OTP' } });
    const row = text('Verify OTP', STEP_1);
    fireEvent.change(within(row).getByLabelText('English'), { target: { value: 'Type the code' } });
    await user.click(within(row).getByRole('button', { name: 'See “Verify OTP” in the card' }));
    const dialog = await screen.findByRole('dialog', { name: '“Verify OTP” in the registration card' });
    // The OTP screen, with the text as typed (not yet published).
    expect(
      await within(dialog).findByRole('heading', { name: 'Type the code' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Registration card state' })).toHaveProperty(
      'value',
      'otp',
    );
    // A text of the login has no card to show.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.change(search(), { target: { value: 'Student login' } });
    expect(within(text('Student login')).queryByRole('button', { name: /in the card$/ })).toBeNull();
  });

  it('puts my changed texts on top of texts someone published meanwhile, and saves', async () => {
    const fake = api();
    renderStudioAs(fake, 'editor', '/texts');
    await screen.findByRole('heading', { level: 1, name: 'Texts students read' });
    // Published by someone else after the screen opened.
    const theirs = structuredClone(en) as unknown as Table;
    theirs.strings['login.heading'] = 'Log in to your dashboard';
    fake.writeOnDisk('i18n/en.json', theirs as unknown as Json);
    fireEvent.change(search(), { target: { value: 'Register Now' } });
    fireEvent.change(within(text('Register Now', STEP_1)).getByLabelText('English'), {
      target: { value: 'Register Today' },
    });
    expect(
      await screen.findByText(/Someone published these texts meanwhile/, {}, { timeout: 3000 }),
    ).toBeTruthy();
    await waitFor(
      () => {
        const saved = fake.writes.at(-1)?.content as Table | undefined;
        expect(saved?.strings['registration.heading']).toBe('Register Today');
        expect(saved?.strings['login.heading']).toBe('Log in to your dashboard');
      },
      { timeout: 3000 },
    );
    expect(
      await screen.findByText(
        /^Draft saved at .*Someone published these texts meanwhile: your changes are kept/,
      ),
    ).toBeTruthy();
  });
});
