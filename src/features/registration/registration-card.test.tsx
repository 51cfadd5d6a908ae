// @vitest-environment jsdom
// The registration card as a student meets it, by role and label: step 1's messages (English and
// Hindi), the OTP boxes, account exists, the details form's messages and locked fields, step 0
// and the thank-you state. The machine is the real one; its calls are fakes.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../config/i18n/en.json';
import hi from '../../../config/i18n/hi.json';
import iacst from '../../../config/programmes/iacst.json';
import mockJee from '../../../config/programmes/mock-jee.json';
import mockNeet from '../../../config/programmes/mock-neet.json';
import site from '../../../config/site.json';
import { registrationCardData } from '../../engine/registration-card';
import type { RegistrationCallerIdentityStatusReply } from '../../generated/api/registration-caller-identity-status';
import type {
  RegistrationCouponBody,
  RegistrationCouponReply,
} from '../../generated/api/registration-coupon';
import type { LeadRecord } from '../../generated/api/registration-lead-by-sf-id';
import type { RegistrationOtpVerifyReply } from '../../generated/api/registration-otp-verify';
import type { UiStringTable } from '../../generated/config/i18n';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import type { Site } from '../../generated/config/site';
import type { EntryQuery } from '../../machines/entry-query';
import type { StoredRegistration } from '../../machines/registration-model';
import { registrationVerifyMachine } from '../../machines/registration-mobile-machine';
import type { SendCodeInput, SentCode } from '../../machines/verify-mobile-machine';
import { provideRegistration } from '../../machines/registration-provide';
import { fromPromise } from 'xstate';
import { cardViewData, loadLaterSteps, RegistrationCard } from './registration-card';
import { linkedError, seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { painted } from '../../../tests/support/painted';

afterEach(cleanup);

const lead = (count: number): LeadRecord => ({
  student_name: 'Ananya Rao',
  father_name: '',
  student_dob: '2008-01-05',
  student_email: 'ananya@example.com',
  mobile_no: '9000000001',
  registration_count: count,
  exam_type: 'iACST',
  class_stream: '11&SOM',
  exam_state: '',
  branch_code: '',
  exam_date: '',
  exam_slot: '',
  exam_mode: 'Online',
  sf_id: 'sf-1',
  registration_status: 'registered',
});
const verified = (details: LeadRecord[]): RegistrationOtpVerifyReply => ({
  success: 'true',
  msg: 'Verified',
  error_code: 0,
  student_details: details,
  allowed_registration_count: 2,
  registration_token: 'reg-token',
  registration_token_expires_at: '2030-01-01T00:00:00.000Z',
});
const wrongCode = Object.assign(new Error('Invalid OTP'), {
  status: 400,
  body: { msg: 'Invalid OTP', error_code: 1 },
});

function setup({
  programme = iacst as unknown as Programme,
  strings = en.strings as UiStringTable,
  locale = 'en',
  query = {},
  verifyOtp = async (): Promise<RegistrationOtpVerifyReply> => verified([]),
  offerCallerIdentity = false,
  validateCoupon = async (): Promise<RegistrationCouponReply> => {
    throw new Error('no coupon in this test');
  },
  loadSteps = loadLaterSteps,
  stored,
}: {
  programme?: Programme;
  strings?: UiStringTable;
  locale?: 'en' | 'hi';
  query?: EntryQuery;
  verifyOtp?: () => Promise<RegistrationOtpVerifyReply>;
  offerCallerIdentity?: boolean;
  validateCoupon?: (body: RegistrationCouponBody) => Promise<RegistrationCouponReply>;
  /** Steps 2 to 5 (the app's loader: the form steps' chunk). */
  loadSteps?: () => Promise<unknown>;
  /** What the app stored before the gateway. */
  stored?: StoredRegistration;
} = {}) {
  const landing = { variantKey: 'default', locale } as Landing;
  const data = registrationCardData({
    site: site as unknown as Site,
    programme,
    landing,
    block: { type: 'registration-card' },
    path: '/iacstexam',
    strings,
    headingId: 'reg-heading',
  });
  const api = {
    sendOtp: vi.fn(async (_to?: string) => ({
      success: 'true' as const,
      msg: 'OTP sent',
      data: { mobile_no: '9000000001' },
    })),
    verifyOtp: vi.fn(verifyOtp),
    validateCoupon: vi.fn(validateCoupon),
    fetchLeadsByMobile: vi.fn(async () => ({ success: 'true' as const, student_details: [lead(1)] })),
    copyText: vi.fn(async (): Promise<unknown> => undefined),
    startCallerIdentity: vi.fn(async () => ({
      success: 'true' as const,
      requestId: 'req-1',
      ttl_ms: 24_000,
    })),
    checkCallerIdentity: vi.fn(async (): Promise<RegistrationCallerIdentityStatusReply> => ({
      status: 'verified',
      mobile: '+919000000001',
      firstName: 'Asha',
      lastName: 'Verma',
      email: '',
      registration_token: 'caller-token',
    })),
    loadClassStreams: vi.fn(async (_query: { registration_page?: string }) => ({
      success: 'true' as const,
      data: [
        { id: 'cs-11-som', stream: '11&SOM', class: '11', display_name: 'Class 11 Medical' },
        { id: 'cs-12-soe', stream: '12&SOE', class: '12', display_name: 'Class 12 Engineering' },
      ],
    })),
  };
  const machine = provideRegistration(
    {
      actors: {
        verifyMobile: registrationVerifyMachine.provide({
          actors: {
            sendCode: fromPromise<SentCode, SendCodeInput>(async ({ input }) => ({
              sentTo: (await api.sendOtp(input.to)).data.mobile_no,
              otpId: '',
            })),
            checkCode: fromPromise(() => api.verifyOtp()),
          },
        }),
        fetchLeadsByMobile: fromPromise(() => api.fetchLeadsByMobile()),
        copyText: fromPromise(() => api.copyText()),
        validateCoupon: fromPromise(({ input }) => api.validateCoupon(input)),
        loadClassStreams: fromPromise(({ input }) => api.loadClassStreams(input)),
        startCallerIdentity: fromPromise(() => api.startCallerIdentity()),
        checkCallerIdentity: fromPromise(() => api.checkCallerIdentity()),
      },
    },
    loadSteps,
  );
  const view = render(
    <section aria-labelledby="reg-heading">
      <RegistrationCard
        machine={machine}
        input={{ query, ...(stored ? { stored } : {}) }}
        offerCallerIdentity={offerCallerIdentity}
        {...cardViewData(data)}
      />
    </section>,
  );
  return { ...view, api, user: userEvent.setup() };
}

describe('registration card, step 1', () => {
  it('takes digits only and names what is wrong with the number or PSID, linked to the field', async () => {
    const { user, container, api } = setup();
    expect(screen.getByRole('heading', { name: 'Register Now' })).toBeTruthy();
    const input = screen.getByRole('textbox', { name: /Mobile number or student id \(PSID\)/ });
    await user.type(input, '9a8b');
    expect((input as HTMLInputElement).value).toBe('98');
    await user.tab();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(linkedError(input)).toContain('Please enter correct mobile number/ PSID');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect((verify as HTMLButtonElement).disabled).toBe(true);

    await user.clear(input);
    await user.type(input, '0123456789');
    await user.click(verify);
    expect(linkedError(input)).toContain('Please enter the correct number');
    expect(api.sendOtp).not.toHaveBeenCalled();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('holds the keys in the field (Verify follows the length at once), and Enter right after typing sends what was typed', async () => {
    const { api } = setup();
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: /Mobile number or student id/ });
    const verify = screen.getByRole<HTMLButtonElement>('button', { name: 'Verify' });
    // Keys as input events in one go: no pause can pass between them and the submit.
    act(() => input.focus());
    for (const key of '9000000001') fireEvent.change(input, { target: { value: `${input.value}${key}` } });
    // The tenth digit reached the machine once it was painted: Verify is enabled.
    await painted();
    expect(verify.disabled).toBe(false);
    // An eleventh (a student id) is held in the field…
    fireEvent.change(input, { target: { value: `${input.value}2` } });
    expect(input.value).toBe('90000000012');
    // …and the submit (Enter) takes it.
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(api.sendOtp).toHaveBeenCalledWith('90000000012'));
  });

  it('says "Enter a valid mobile number" where no student id is accepted (MOCK-NEET)', async () => {
    const { user } = setup({ programme: mockNeet as unknown as Programme });
    const input = screen.getByRole('textbox', { name: /^Mobile number/ });
    // An extra digit is kept, not cut off into another number, and the rule refuses it.
    await user.type(input, '98765432109');
    expect((input as HTMLInputElement).value).toBe('98765432109');
    await user.tab();
    expect(linkedError(input)).toContain('Enter a valid mobile number');
    await user.clear(input);
    await user.click(input);
    await user.paste('+91 98111 22334');
    await user.tab();
    expect((input as HTMLInputElement).value).toBe('9811122334');
    expect(linkedError(input)).toBeFalsy();
    await user.clear(input);
    await user.type(input, '98765');
    await user.tab();
    expect(linkedError(input)).toContain('Enter a valid mobile number');
  });

  it('speaks Hindi on the Hindi variants', async () => {
    const { user } = setup({ strings: hi.strings as UiStringTable, locale: 'hi' });
    expect(screen.getByRole('heading', { name: hi.strings['registration.heading'] })).toBeTruthy();
    const input = screen.getByRole('textbox', {
      name: new RegExp(hi.strings['form.mobileOrId'].slice(0, 8)),
    });
    await user.type(input, '12');
    await user.tab();
    expect(linkedError(input)).toContain(hi.strings['validation.mobileOrId.required']);
  });

  it.each([
    ['en', en.strings, 'We could not send the OTP just now. Please try again.'],
    ['hi', hi.strings, 'अभी ओटीपी नहीं भेजा जा सका। कृपया फिर से कोशिश करें।'],
  ] as const)(
    'says so on the card when the SMS could not be sent (%s), and Verify tries again at once',
    async (locale, strings, msg) => {
      // What the API answers when the SMS provider fails or times out, in the
      // page's language: the client's error carries the status and the parsed body.
      const notSent = Object.assign(new Error(msg), { status: 503, body: { success: 'false', msg } });
      const { user, api } = setup({ strings: strings as UiStringTable, locale });
      api.sendOtp.mockRejectedValueOnce(notSent);
      const input = screen.getByRole('textbox', { name: new RegExp(strings['form.mobileOrId'].slice(0, 8)) });
      await user.type(input, '9000000001');
      const verify = screen.getByRole('button', { name: strings['registration.verify'] });
      await user.click(verify);
      await waitFor(() => expect(linkedError(input)).toContain(msg));
      // Still on step 1 with the number kept; no code boxes.
      expect((input as HTMLInputElement).value).toBe('9000000001');
      expect(screen.queryByRole('heading', { name: strings['registration.verifyHeading'] })).toBeNull();
      await user.click(screen.getByRole('button', { name: strings['registration.verify'] }));
      await screen.findByRole('heading', { name: strings['registration.verifyHeading'] });
      expect(api.sendOtp).toHaveBeenCalledTimes(2);
    },
  );

  it('sends the OTP, verifies at the fourth digit, and on error_code 1 empties the boxes and focuses the first', async () => {
    let fail = true;
    const { user, api, container } = setup({
      verifyOtp: async () => {
        if (fail) throw wrongCode;
        return verified([]);
      },
    });
    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9000000001');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Verify OTP' });
    expect(screen.getByText(/OTP sent to 9000000001/)).toBeTruthy();
    expect(screen.getByText(/You can ask for a new OTP in 45 seconds/)).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);

    const first = screen.getByRole('textbox', { name: 'Digit 1 of 4' });
    await user.type(first, '123');
    expect(api.verifyOtp).not.toHaveBeenCalled();
    await user.keyboard('4');
    await waitFor(() => expect(api.verifyOtp).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(linkedError(first)).toContain('Invalid OTP'));
    for (const n of [1, 2, 3, 4])
      expect((screen.getByRole('textbox', { name: `Digit ${n} of 4` }) as HTMLInputElement).value).toBe('');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Digit 1 of 4' })),
    );

    fail = false;
    await user.keyboard('5678');
    await screen.findByRole('heading', { name: 'Student details' });
  });

  it('says when steps 2 to 5 did not load (a flaky network) and loads them again on Try again', async () => {
    let offline = true;
    const loadSteps = vi.fn(async () => {
      if (offline) throw new TypeError('Failed to fetch dynamically imported module');
      return loadLaterSteps();
    });
    const { user, container } = setup({ loadSteps });
    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9000000001');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.type(await screen.findByRole('textbox', { name: 'Digit 1 of 4' }), '1234');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The form could not load. Check your connection and try again.',
    );
    expect(await seriousViolations(container)).toEqual([]);
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Student details' });
    // The number stays verified: no second OTP.
    expect(loadSteps).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('textbox', { name: 'Digit 1 of 4' })).toBeNull();
  });

  it('announces each busy state once: the modal loader speaks, nothing else repeats it', async () => {
    let finish = (_reply: RegistrationOtpVerifyReply) => {};
    const { user } = setup({ verifyOtp: () => new Promise((resolve) => (finish = resolve)) });
    /** The live regions (role status or alert) that say anything now. */
    const spoken = () =>
      [...screen.queryAllByRole('status'), ...screen.queryAllByRole('alert')]
        .map((region) => region.textContent?.trim())
        .filter(Boolean);
    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9000000001');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Verify OTP' });
    await user.type(screen.getByRole('textbox', { name: 'Digit 1 of 4' }), '1234');
    // Checking the code: one voice says so (the loader, which also shows it over the card).
    await waitFor(() =>
      expect(spoken().filter((text) => /Verifying|Loading/.test(text ?? ''))).toEqual(['Verifying the OTP…']),
    );
    expect(screen.getAllByText('Verifying the OTP…')).toHaveLength(1);
    await act(async () => finish(verified([])));
    await screen.findByRole('heading', { name: 'Student details' });
    expect(spoken().filter((text) => /Verifying/.test(text ?? ''))).toEqual([]);
  });

  it('shows the account-exists message when the allowed count is reached, with a way back', async () => {
    const { user } = setup({ verifyOtp: async () => verified([lead(2)]) });
    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9000000001');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.type(await screen.findByRole('textbox', { name: 'Digit 1 of 4' }), '1234');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      `Account already exists with this mobile number. Please login or register with a different mobile number. For support, please write to us at ${site.support.email}.`,
    );
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/');
    await user.click(screen.getByRole('button', { name: 'Use a different number' }));
    expect(screen.getByRole('textbox', { name: /Mobile number/ })).toBeTruthy();
  });
});

describe('registration card, caller identity (Android)', () => {
  it('is offered only where the app says so', () => {
    setup();
    expect(screen.queryByRole('button', { name: 'Verify with Truecaller' })).toBeNull();
  });

  it('falls back to typing the number when the page keeps focus for 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = setup({ offerCallerIdentity: true });
      await user.click(screen.getByRole('button', { name: 'Verify with Truecaller' }));
      await screen.findByText(/Waiting for Truecaller/);
      await act(() => vi.advanceTimersByTimeAsync(1_600));
      expect(screen.queryByText(/Waiting for Truecaller/)).toBeNull();
      expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('polls while the app has the screen and skips the OTP with the number and name it confirms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, api } = setup({ offerCallerIdentity: true });
      await user.click(screen.getByRole('button', { name: 'Verify with Truecaller' }));
      await screen.findByText(/Waiting for Truecaller/);
      fireEvent.blur(window);
      await act(() => vi.advanceTimersByTimeAsync(1_600 + 12_000));
      await waitFor(() => expect(api.checkCallerIdentity).toHaveBeenCalledTimes(1));
      const name = await screen.findByRole('textbox', { name: 'Student name' });
      expect((name as HTMLInputElement).value).toBe('Asha Verma');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('registration card, step 2', () => {
  it('gives every required message of the details form, linked to its fields', async () => {
    const { user, container, api } = setup();
    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9000000001');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.type(await screen.findByRole('textbox', { name: 'Digit 1 of 4' }), '1234');
    await screen.findByRole('heading', { name: 'Student details' });
    const classStream = await screen.findByRole('combobox', { name: 'Class & stream' });
    await waitFor(() => expect(within(classStream).getAllByRole('option')).toHaveLength(3));
    expect(api.loadClassStreams).toHaveBeenCalledWith({ registration_page: 'iACST' });

    const name = screen.getByRole('textbox', { name: 'Student name' });
    const email = screen.getByRole('textbox', { name: 'Email ID' });
    const dob = screen.getByRole('textbox', { name: /^Date of birth/ });
    for (const input of [name, email, dob]) {
      await user.click(input);
      await user.tab();
    }
    await user.click(classStream);
    await user.tab();
    await waitFor(() => expect(linkedError(name)).toContain('Please enter student name'));
    expect(linkedError(email)).toContain('Please enter email');
    expect(linkedError(dob)).toContain('Please select date of birth');
    expect(linkedError(classStream)).toContain('Please select class & stream');
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    // A disabled Next says why, linked to it.
    expect(next.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(next.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Fill in every field above correctly to continue.',
    );

    await user.type(name, 'Asha  Verma');
    await user.type(email, 'asha@gmail.gmail.com');
    await user.tab();
    await waitFor(() => expect(linkedError(email)).toContain('Enter a valid email address'));
    expect(await seriousViolations(container)).toEqual([]);
  });

  it("prefills and locks an existing student's name, dob and e-mail", async () => {
    const { user } = setup({ verifyOtp: async () => verified([lead(1)]) });
    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9000000001');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.type(await screen.findByRole('textbox', { name: 'Digit 1 of 4' }), '1234');
    const name = await screen.findByRole('textbox', { name: 'Student name' });
    expect((name as HTMLInputElement).value).toBe('Ananya Rao');
    expect(name.hasAttribute('readonly')).toBe(true);
    // And says why the fields cannot be changed.
    expect(
      screen.getByText(
        "The greyed-out details are from your earlier registration, so they can't be changed here.",
      ),
    ).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Date of birth/ }) as HTMLInputElement).value).toBe(
      '05/01/2008',
    );
  });
});

describe('registration card, step 3: the coupon in Hindi', () => {
  // No Hindi landing shows a coupon today: both are iACST pages, a free exam (fee 0: no coupon field,
  // no fee rows). A paid programme on a Hindi page would: MOCK-JEE (coupon and payment only) with
  // the Hindi strings shows every coupon message in Hindi.
  const hiText = (key: keyof typeof hi.strings) => hi.strings[key];

  it('says every coupon error in Hindi, linked to the coupon field', async () => {
    let answer: 'invalid' | 'network' = 'invalid';
    const { user, api, container } = setup({
      programme: mockJee as unknown as Programme,
      strings: hi.strings as UiStringTable,
      locale: 'hi',
      verifyOtp: async () => verified([{ ...lead(0), exam_type: 'MOCK-JEE' }]),
      validateCoupon: async () => {
        // The server answers in the page's language (Accept-Language: hi; server/api/messages.ts).
        if (answer === 'invalid')
          throw Object.assign(new Error('Invalid coupon'), {
            status: 400,
            body: { success: 'false', msg: 'त्रुटि: अमान्य कूपन' },
          });
        throw new TypeError('Failed to fetch');
      },
    });
    await user.type(screen.getByRole('textbox', { name: hiText('form.mobile') }), '9000000001');
    await user.click(screen.getByRole('button', { name: hiText('registration.verify') }));
    await user.type(
      await screen.findByRole('textbox', {
        name: hiText('form.otpDigit').replace('{n}', '1').replace('{total}', '4'),
      }),
      '1234',
    );
    await screen.findByRole('heading', { name: hiText('registration.detailsHeading') });
    const classStream = await screen.findByRole('combobox', { name: hiText('form.classStream') });
    await waitFor(() => expect(within(classStream).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(classStream, '11&SOM');
    const next = screen.getByRole('button', { name: hiText('form.next') });
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
    await user.click(next);
    await screen.findByRole('heading', { name: hiText('registration.examHeading') });

    const coupon = await screen.findByRole('textbox', { name: new RegExp(`^${hiText('form.coupon')}`) });
    const apply = screen.getByRole('button', { name: hiText('registration.applyCoupon') });
    // Empty: the card's own rule.
    await user.click(apply);
    await waitFor(() => expect(linkedError(coupon)).toContain(hiText('validation.coupon.required')));
    expect(api.validateCoupon).not.toHaveBeenCalled();
    // A wrong code: the server's Hindi text.
    await user.type(coupon, 'NOPE');
    await user.click(apply);
    await waitFor(() => expect(linkedError(coupon)).toContain('त्रुटि: अमान्य कूपन'));
    // No answer at all (the network): the page's own Hindi fallback.
    answer = 'network';
    // A new code clears the message, so what follows is the fallback's own text.
    await user.type(coupon, 'X');
    await painted();
    expect(linkedError(coupon) ?? '').not.toContain('त्रुटि');
    await user.click(apply);
    await waitFor(() => expect(api.validateCoupon).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(linkedError(coupon)).toContain(hiText('registration.couponInvalid')));
    // Nothing on the card is English but names and numbers.
    expect(container.textContent).not.toMatch(/Coupon|Invalid|Error|Apply|Please/);
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('registration card, step 0 and thank-you', () => {
  it('shows "Payment failed"; Try Again refetches the lead by mobile and opens the details', async () => {
    const { user, api, container } = setup({
      programme: mockNeet as unknown as Programme,
      query: { status: 'failure', mobile: '9000000001' },
    });
    expect(screen.getByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe("We couldn't process your payment. Please try again.");
    expect(await seriousViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { name: 'Student details' });
    expect(api.fetchLeadsByMobile).toHaveBeenCalledTimes(1);
  });

  it('shows the registration from the query: roll number to copy, the dob password, the exam date', async () => {
    const { user, api, container } = setup({
      query: {
        registeration: 'success',
        roll_no: '250000000099',
        dob: '14-08-2009',
        exam_date: '2026-12-01',
      },
    });
    expect(await screen.findByRole('heading', { name: 'Registration Successful' })).toBeTruthy();
    const values = [...container.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(values[0]).toContain('250000000099');
    // Dates as the student typed or chose them: the password as login asks for it (DD/MM/YYYY),
    // the exam date as the date select says it.
    expect(values).toContain('14/08/2009');
    expect(values).toContain('1 Dec 2026 (Tuesday)');
    await user.click(screen.getByRole('button', { name: 'Copy roll number' }));
    expect(api.copyText).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Go to dashboard' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  /** The thank-you's rows, term → value, as a student reads them. */
  const rows = (container: HTMLElement) =>
    Object.fromEntries(
      [...container.querySelectorAll('dt')].map((dt) => [
        dt.textContent,
        // A time's no-break spaces (it never splits across lines) read as spaces.
        (dt.nextElementSibling?.textContent ?? '').replace(/\u00a0/g, ' '),
      ]),
    );
  const back = (exam_date: string) => ({
    registeration: 'success',
    roll_no: '250000000099',
    dob: '14-08-2009',
    exam_date,
  });
  const jeeSchedule = {
    opens_at: '09:00',
    open_hours: 48,
    tests: ['2027-04-29', '2027-05-02', '2027-05-06', '2027-05-09', '2027-05-13', '2027-05-15'].map(
      (date, i) => ({ number: i + 1, date }),
    ),
  };

  it('MOCK-JEE, back from the gateway: the series of tests with their dates, when each opens, no centre', async () => {
    const { container } = setup({
      programme: mockJee as unknown as Programme,
      query: back(''),
      stored: {
        mobile: '9000000001',
        classStream: '12&SOE',
        booked: { rollNumber: '250000000099', schedule: jeeSchedule },
      },
    });
    await screen.findByRole('heading', { name: 'Registration Successful' });
    const tests = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(tests).toEqual([
      'Mock Test 1: 29 Apr 2027 (Thursday)',
      'Mock Test 2: 2 May 2027 (Sunday)',
      'Mock Test 3: 6 May 2027 (Thursday)',
      'Mock Test 4: 9 May 2027 (Sunday)',
      'Mock Test 5: 13 May 2027 (Thursday)',
      'Mock Test 6: 15 May 2027 (Saturday)',
    ]);
    const shown = rows(container);
    expect(shown['Test timings']).toBe(
      'Each test opens at 09:00 AM on its date and stays open for 48 hours.',
    );
    // An online series: no exam date of its own, no slot to repeat, no centre.
    expect(Object.keys(shown)).toEqual([
      'Roll number',
      'Password (your date of birth)',
      'Tests',
      'Test timings',
    ]);
    expect(container.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('MOCK-NEET, back from the gateway: the date, the hours, the reporting time and the centre', async () => {
    const stored: StoredRegistration = {
      mobile: '9000000001',
      classStream: '12&SOM',
      centre: { label: 'Delhi Central', code: 'DL001' },
      examDate: '2027-04-13',
      booked: {
        rollNumber: '250000000099',
        schedule: { opens_at: '10:00', closes_at: '13:20', report_at: '09:30' },
      },
    };
    const { container } = setup({
      programme: mockNeet as unknown as Programme,
      query: back('2027-04-13'),
      stored,
    });
    await screen.findByRole('heading', { name: 'Registration Successful' });
    expect(rows(container)).toMatchObject({
      'Exam date': '13 Apr 2027 (Tuesday)',
      'Exam time': '10:00 AM to 01:20 PM',
      'Reporting time': 'Reach the exam centre by 09:30 AM',
      'Exam centre': 'Delhi Central',
    });
    expect(await seriousViolations(container)).toEqual([]);
    cleanup();
    // In Hindi: the same facts in the page's words, no Latin letters but the centre's name.
    const hindi = setup({
      programme: mockNeet as unknown as Programme,
      strings: hi.strings as UiStringTable,
      locale: 'hi',
      query: back('2027-04-13'),
      stored,
    });
    await screen.findByRole('heading', { name: hi.strings['registration.success'] });
    const shown = rows(hindi.container);
    expect(shown).toMatchObject({
      [hi.strings['registration.examDate']]: '13 अप्रैल 2027 (मंगलवार)',
      [hi.strings['registration.examTime']]: 'सुबह 10:00 बजे से दोपहर 01:20 बजे तक',
      [hi.strings['registration.reportingTime']]: 'सुबह 09:30 बजे तक परीक्षा केंद्र पहुँचें',
    });
    expect(Object.values(shown).filter((v) => v !== 'Delhi Central' && /[A-Za-z]/.test(v))).toEqual([]);
  });

  it('a slot the student chose names its hours: no second "Exam time" row', async () => {
    const { container } = setup({
      query: back('2026-12-01'),
      stored: {
        mobile: '9000000001',
        examDate: '2026-12-01',
        examSlot: 'Online, any time from 9 AM to 10 PM',
        booked: { rollNumber: '250000000099', schedule: { opens_at: '09:00', closes_at: '22:00' } },
      },
    });
    await screen.findByRole('heading', { name: 'Registration Successful' });
    const shown = rows(container);
    expect(shown['Exam slot']).toBe('Online, any time from 9 AM to 10 PM');
    expect(shown['Exam time']).toBeUndefined();
    expect(shown['Reporting time']).toBeUndefined();
  });
});
