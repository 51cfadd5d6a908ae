// @vitest-environment jsdom
// The course purchase's screens as a student meets them, by role and label, axe at each: the
// description with its fee breakup (inline and as a bottom bar with a dialog), the checkout with
// every message of part 2 §5 linked to its field, the payment success (with and without branch
// advice), and the three dialogs. The checkout is driven by the real purchase machine.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import en from '../../../config/i18n/en.json';
import { linkedError, seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { createTranslator } from '../../engine/i18n';
import type { CourseItem } from '../../generated/api/course-list';
import type { UiStringTable } from '../../generated/config/i18n';
import {
  coursePurchaseMachine,
  type OrderAnswer,
  type OrderFacts,
  type OrderRequest,
} from '../../machines/course-purchase-machine';
import { CheckoutScreen } from './checkout-screen';
import { CourseDescription, stickyThreshold } from './course-description';
import { coursePurchaseView } from './course-purchase-view';
import { PaymentSuccess } from './payment-success';
import { ExitIntentDialog, PaymentFailedDialog, RetentionDialog } from './purchase-dialogs';
import { painted } from '../../../tests/support/painted';

const t = createTranslator(en.strings as UiStringTable);

const course: CourseItem = {
  product_id: 'NEET-C12-1Y',
  product_title: 'One Year Integrated Classroom Course for NEET 2026',
  product_course_term: '2025-2026',
  course_category: 'Medical',
  class: '12',
  stream: 'SOM',
  purchased: 0,
  amount_paid: null,
  registration_fees: 2000,
  fee_label: 'Registration Fee',
  price_breakup: {
    'Registration Fee': { key: 'Registration Fee', value: 2000, strike_value: null },
    'Tuition Fee': { key: 'Tuition Fee', value: 38000, strike_value: 95000 },
  },
  total_fee: 40000,
  list_total: 97000,
  total_savings: 57000,
  course_highlights: 'Class 12 syllabus with a full revision of class 11.',
  course_description: 'A one-year classroom programme.',
  course_feature: ['Live classroom teaching', 'Printed study material'],
  course_content_cta: '/api/course-content/NEET-C12-1Y',
};

function setWidth(width: number) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
    return {
      matches: max ? width <= Number(max) : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  }) as unknown as typeof window.matchMedia;
}

beforeEach(() => setWidth(1280));
afterEach(cleanup);

describe('course description', () => {
  const props = {
    course,
    t,
    digitalOnly: false,
    paying: false,
    onBack: vi.fn(),
    onProceed: vi.fn(),
    onToggleFee: vi.fn(),
    onDownloadContent: vi.fn(),
  };

  it('shows the course, its features, its content and the fee breakup inline on a desktop; axe clean', async () => {
    const { container } = render(<CourseDescription {...props} />);
    expect(screen.getByRole('heading', { level: 1, name: course.product_title })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'COURSE FEATURES' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Course Content' })).toBeTruthy();
    const panel = screen.getByRole('complementary', { name: 'Provisional Fee breakup' });
    const tuition = within(panel).getByRole('row', { name: /Tuition Fee/ });
    expect(tuition.textContent).toContain('₹38,000');
    expect(within(tuition).getByLabelText('was ₹95,000')).toBeTruthy();
    expect(within(panel).getByText('You save ₹57,000')).toBeTruthy();
    expect(within(panel).getByText('Registration fee is non-refundable as per policy')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Proceed' }));
    expect(props.onProceed).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Course details' }));
    expect(props.onDownloadContent).toHaveBeenCalledWith(course.course_content_cta);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('up to 992 px: a bottom bar with what is payable now, its dialog tracked open and closed', async () => {
    setWidth(390);
    const onToggleFee = vi.fn();
    render(<CourseDescription {...props} onToggleFee={onToggleFee} />);
    expect(screen.queryByRole('complementary')).toBeNull();
    const bar = screen.getByRole('region', { name: 'Provisional Fee breakup' });
    expect(bar.textContent).toContain('Registration Fee payable now');
    expect(bar.textContent).toContain('₹2,000');
    await userEvent.click(within(bar).getByRole('button', { name: /View fee breakup/ }));
    const dialog = screen.getByRole('dialog', { name: 'Provisional Fee breakup' });
    expect(within(dialog).getByText('Total fee')).toBeTruthy();
    expect(await seriousViolations(document.body)).toEqual([]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onToggleFee.mock.calls).toEqual([[true], [false]]);
  });

  it('the digital-only branch: Course Fee by Component and its policy; purchased: no payment button', () => {
    render(
      <CourseDescription
        {...props}
        digitalOnly
        course={{ ...course, purchased: 1, amount_paid: 12000, fee_label: 'Course Fee' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Course Fee by Component' })).toBeTruthy();
    expect(screen.getByText('Course fee is non-refundable as per policy')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed' })).toBeNull();
  });

  // A bought course offers nothing payable now: the panel says what was paid (the server's record
  // of the payment, not today's price), inline and in the phone's bottom bar.
  for (const width of [1280, 390])
    it(`purchased: what was paid, never an amount payable now (${width} px)`, async () => {
      setWidth(width);
      const bought = { ...course, purchased: 1 as const, amount_paid: 1800 };
      const { container } = render(<CourseDescription {...props} course={bought} />);
      const text = () => container.textContent ?? '';
      expect(text()).not.toMatch(/payable now/i);
      expect(text()).toContain('Registration Fee paid₹1,800');
      expect(text()).toContain('Purchased');
      if (width === 390) {
        const bar = screen.getByRole('region', { name: 'Provisional Fee breakup' });
        await userEvent.click(within(bar).getByRole('button', { name: /View fee breakup/ }));
        const dialog = screen.getByRole('dialog', { name: 'Provisional Fee breakup' });
        expect(dialog.textContent).not.toMatch(/payable now/i);
        expect(dialog.textContent).toContain('Registration Fee paid₹1,800');
      }
      expect(await seriousViolations(document.body)).toEqual([]);
    });

  it('the sticky header thresholds of part 2 §9', () => {
    expect([stickyThreshold(false, false), stickyThreshold(false, true)]).toEqual([100, 90]);
    expect([stickyThreshold(true, false), stickyThreshold(true, true)]).toEqual([160, 165]);
  });
});

describe('checkout', () => {
  function renderCheckout(fromDescription: boolean) {
    // The order post never answers here: what the screen shows while it is under way.
    const machine = coursePurchaseMachine.provide({
      actors: { postOrder: fromPromise<OrderAnswer, OrderRequest>(() => new Promise(() => {})) },
    });
    const actor = createActor(machine, { input: undefined }).start();
    actor.send({ type: 'course.open', courseId: course.product_id, view: 'checkout', fromDescription });
    const onNavigate = vi.fn();
    const view = () => (
      <CheckoutScreen
        course={course}
        view={coursePurchaseView(actor.getSnapshot())}
        contact={{ firstName: 'Rohan', lastName: '', mobile: '9000000005', email: 'rohan.demo@example.com' }}
        t={t}
        locale="en"
        digitalOnly={false}
        states={['Delhi', 'Maharashtra']}
        termsLink="/terms"
        paymentMethodLabel="HDFC"
        lookingUp={false}
        dashboardHref="/dashboard"
        courseHref="/dashboard/course/NEET-C12-1Y"
        onNavigate={onNavigate}
        onBack={() => actor.send({ type: 'checkout.back' })}
        onChange={(field, value) => actor.send({ type: 'checkout.change', field, value })}
        // The order post never answers: the student's reads it would be built from are not needed.
        onSubmit={() => actor.send({ type: 'checkout.submit', facts: { course } as OrderFacts })}
        onToggleFee={() => {}}
      />
    );
    const result = render(view());
    actor.subscribe(() => result.rerender(view()));
    return { ...result, actor, onNavigate };
  }

  it('submitting empty shows every message of part 2 §5, each linked to its field; axe clean', async () => {
    const { container, actor } = renderCheckout(true);
    await screen.findByLabelText("Father's name");
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Course']);
    // Contact details: masked, a missing last name shows '.'.
    expect(screen.getByText('90XXXXXXXX')).toBeTruthy();
    expect(screen.getByText('rohaxxxxxx@example.com')).toBeTruthy();
    expect(screen.getByText('.')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('I agree to the terms and conditions'));
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹2,000' }));
    const expected: [string, string][] = [
      ["Father's name", 'Father name is required'],
      ['Billing address', 'Billing address is required'],
      ['Pincode', 'Pincode is required'],
      ['City', 'City is required'],
      ['State', 'State must be selected'],
      ['I agree to the terms and conditions', 'Please agree to the terms and conditions.'],
    ];
    await waitFor(() => expect(linkedError(screen.getByLabelText('Billing address'))).toBeDefined());
    for (const [label, message] of expected) expect(linkedError(screen.getByLabelText(label))).toBe(message);
    expect(coursePurchaseView(actor.getSnapshot()).paying).toBe(false);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('a short pincode, a bad father name; editing clears the error, a pincode edit clears city and state', async () => {
    renderCheckout(false);
    await screen.findByLabelText("Father's name");
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('link')).toHaveLength(
      1,
    );
    await userEvent.type(screen.getByLabelText("Father's name"), 'R2');
    await userEvent.type(screen.getByLabelText('Pincode'), '11a00');
    // Digits only.
    expect((screen.getByLabelText('Pincode') as HTMLInputElement).value).toBe('1100');
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹2,000' }));
    await waitFor(() =>
      expect(linkedError(screen.getByLabelText('Pincode'))).toBe('Pincode must be 6 characters long'),
    );
    expect(linkedError(screen.getByLabelText("Father's name"))).toBe('Only alphabets are allowed');
    await userEvent.type(screen.getByLabelText('Billing address'), '1');
    await painted();
    expect(linkedError(screen.getByLabelText('Billing address'))).toBeUndefined();
    expect(linkedError(screen.getByLabelText('City'))).toBe('City is required');
    await userEvent.type(screen.getByLabelText('Pincode'), '0');
    await painted();
    expect(linkedError(screen.getByLabelText('Pincode'))).toBeUndefined();
    expect(linkedError(screen.getByLabelText('City'))).toBeUndefined();
    expect(linkedError(screen.getByLabelText('State'))).toBeUndefined();
    expect(linkedError(screen.getByLabelText("Father's name"))).toBe('Only alphabets are allowed');
  });

  it('typing stays in the form and reaches the machine after a pause, or at once on leaving the field', async () => {
    const { actor } = renderCheckout(false);
    await screen.findByLabelText('Billing address');
    const fields = () => actor.getSnapshot().context.fields;
    await userEvent.type(screen.getByLabelText('Billing address'), '12 MG');
    expect((screen.getByLabelText('Billing address') as HTMLInputElement).value).toBe('12 MG');
    expect(fields().billingAddress).toBe('');
    await waitFor(() => expect(fields().billingAddress).toBe('12 MG'));
    await userEvent.type(screen.getByLabelText('City'), 'Pune');
    await userEvent.tab();
    expect(fields().city).toBe('Pune');
    // A submit (Enter, in a browser) takes the keys not yet sent.
    await userEvent.type(screen.getByLabelText('Billing address'), ' Road');
    expect(fields().billingAddress).toBe('12 MG');
    fireEvent.submit(screen.getByLabelText('Billing address').closest('form') as HTMLFormElement);
    expect(fields().billingAddress).toBe('12 MG Road');
    await waitFor(() => expect(linkedError(screen.getByLabelText('Pincode'))).toBe('Pincode is required'));
    expect((screen.getByLabelText('Billing address') as HTMLInputElement).value).toBe('12 MG Road');
    actor.stop();
  });

  it('a complete form posts the order (the Pay button spins)', async () => {
    const { actor } = renderCheckout(true);
    await screen.findByLabelText("Father's name");
    await userEvent.type(screen.getByLabelText("Father's name"), 'Ramesh Kumar');
    await userEvent.type(screen.getByLabelText('Billing address'), '12 MG Road');
    await userEvent.type(screen.getByLabelText('Pincode'), '400053');
    await userEvent.type(screen.getByLabelText('City'), 'Mumbai');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Maharashtra');
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹2,000' }));
    expect(coursePurchaseView(actor.getSnapshot()).paying).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: /Taking you to payment/ })).toBeTruthy());
    actor.stop();
  });
});

describe('payment success', () => {
  const branch = {
    center_name: 'RCC Delhi Central',
    center_label: 'Delhi Central',
    address: '8 Pusa Road, New Delhi',
    contact_numbers: ['011-4762-3456', '011-4762-3457', '', ''] as [string, string, string, string],
    location_url: 'https://maps.example.com',
    latitude: 28.6,
    longitude: 77.2,
  };

  it('shows the order, the note, the branch advice and the nearest branch; axe clean', async () => {
    const onNavigate = vi.fn();
    const { container } = render(
      <PaymentSuccess
        t={t}
        orderId="EF123"
        digitalOnly={false}
        branch={branch}
        dashboardHref="/dashboard"
        onNavigate={onNavigate}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByText('Order ID: EF123')).toBeTruthy();
    expect(screen.getByText('Visit the branch for academic counselling and batch information')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your nearest branch' })).toBeTruthy();
    // The branch by its label: the branch-type prefix (RCC) left out, as in the branches block.
    expect(screen.getByText('Delhi Central')).toBeTruthy();
    expect(screen.queryByText('RCC Delhi Central')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Continue to dashboard' }));
    expect(onNavigate).toHaveBeenCalledWith('/dashboard');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('the digital-only branch: no branch advice, no branch', () => {
    render(
      <PaymentSuccess
        t={t}
        orderId="EF123"
        digitalOnly
        branch={branch}
        dashboardHref="/dashboard"
        onNavigate={vi.fn()}
      />,
    );
    expect(screen.queryByText(/Visit the branch/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your nearest branch' })).toBeNull();
  });
});

describe('dialogs', () => {
  it("'Payment failed!': its text and Try again; closing is a retry too; axe clean", async () => {
    const onRetry = vi.fn();
    render(<PaymentFailedDialog t={t} onRetry={onRetry} />);
    const dialog = screen.getByRole('dialog', { name: 'Payment failed!' });
    expect(dialog.textContent).toContain(
      "We're sorry, but it seems there was an issue processing your payment.",
    );
    expect(await seriousViolations(document.body)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it("'Wait! Before You Go...': Stay and Continue, or close; focus kept inside", async () => {
    const onStay = vi.fn();
    const onClose = vi.fn();
    render(<ExitIntentDialog t={t} onStay={onStay} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Wait! Before You Go...' });
    expect(dialog.textContent).toContain('Your next great deal is just a step away!');
    expect(dialog.textContent).toContain('Freebies like E-books, Audios and Videos!');
    expect(await seriousViolations(document.body)).toEqual([]);
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay and Continue' }));
    await act(async () => userEvent.keyboard('{Escape}'));
    expect(onStay).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("'Stay with Us!': the programme's product, Register Now and close; axe clean", async () => {
    const onRegister = vi.fn();
    const onClose = vi.fn();
    render(<RetentionDialog t={t} product="iACST" onRegister={onRegister} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Stay with Us!' });
    expect(dialog.textContent).toContain(
      'Pay registration fee and get access to iACST exclusive course content',
    );
    expect(within(dialog).getByRole('heading', { name: 'Why stick around?' })).toBeTruthy();
    expect(await seriousViolations(document.body)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register Now' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onRegister).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
