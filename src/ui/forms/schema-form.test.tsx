// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../config/i18n/en.json';
import hi from '../../../config/i18n/hi.json';
import iat from '../../../config/programmes/iat.json';
import iacst from '../../../config/programmes/iacst.json';
import mockNeet from '../../../config/programmes/mock-neet.json';
import mockJee from '../../../config/programmes/mock-jee.json';
import { createTranslator } from '../../engine/i18n';
import type { UiStringTable } from '../../generated/config/i18n';
import type { Programme } from '../../generated/config/programme';
import { rulesFor, type FormValues } from './form-rules';
import type { FormName } from './form-schema';
import { loadForm, type LoadedForm } from './load-form';
import { SchemaForm } from './schema-form';
import type { FormContext } from './theme';
import { linkedError, seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { painted } from '../../../tests/support/painted';

afterEach(cleanup);

const neet = mockNeet as unknown as Programme;
const english = createTranslator(en.strings as UiStringTable);
const hindi = createTranslator(hi.strings as UiStringTable);
const classStreams = [
  { value: '11&SOM', label: 'Class 11 Medical' },
  { value: '12&SOE', label: 'Class 12 Engineering' },
];

function Harness({
  loaded,
  programme,
  t = english,
  options = { classStream: classStreams },
  initial = {},
  onSubmit = () => undefined,
  classStream,
  loading,
}: {
  loaded: LoadedForm;
  programme: Programme;
  t?: typeof english;
  options?: FormContext['options'];
  initial?: FormValues;
  onSubmit?: (data: FormValues) => void;
  classStream?: string;
  loading?: boolean;
}) {
  const [data, setData] = useState<FormValues>(initial);
  const rules = useMemo(
    () => rulesFor(loaded.fields, { dobRange: programme.registration.dob, classStream }),
    [loaded, programme, classStream],
  );
  return (
    <>
      <h2 id="form-heading">Register</h2>
      <SchemaForm
        {...loaded}
        rules={rules}
        t={t}
        locale="en"
        dobRange={programme.registration.dob}
        options={options}
        formData={data}
        onChange={setData}
        onSubmit={onSubmit}
        submitLabel={t('form.next')}
        loading={loading}
      />
      <output data-testid="data">{JSON.stringify(data)}</output>
    </>
  );
}

async function setup(
  form: FormName,
  programme: Programme,
  props: Partial<Parameters<typeof Harness>[0]> = {},
) {
  const loaded = await loadForm(form, programme);
  const user = userEvent.setup();
  const view = render(<Harness loaded={loaded} programme={programme} {...props} />);
  return { user, ...view };
}

describe('student details (MOCK-NEET)', () => {
  it('shows only the fields the programme lists, labelled, father name optional', async () => {
    await setup('student-details', neet);
    expect(screen.getByRole('textbox', { name: 'Student name' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Father name (optional)' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email ID' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Date of birth' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Class & stream' })).toBeTruthy();
  });

  it('iACST has no father name field', async () => {
    await setup('student-details', iacst as unknown as Programme);
    expect(screen.queryByRole('textbox', { name: /Father name/ })).toBeNull();
  });

  it('shows each required message on blur, linked to its field, and nothing before', async () => {
    const { user } = await setup('student-details', neet);
    const name = screen.getByRole('textbox', { name: 'Student name' });
    expect(linkedError(name)).toBeUndefined();
    const fields = [
      [name, 'Please enter student name'],
      [screen.getByRole('textbox', { name: 'Email ID' }), 'Please enter email'],
      [screen.getByRole('textbox', { name: 'Date of birth' }), 'Please select date of birth'],
      [screen.getByRole('combobox', { name: 'Class & stream' }), 'Please select class & stream'],
    ] as const;
    for (const [control, message] of fields) {
      await user.click(control);
      await user.tab();
      await waitFor(() => expect(linkedError(control)).toBe(message));
      expect(control.getAttribute('aria-invalid')).toBe('true');
    }
    // Blurring the optional father name while empty shows nothing.
    const father = screen.getByRole('textbox', { name: 'Father name (optional)' });
    await user.click(father);
    await user.tab();
    expect(linkedError(father)).toBeUndefined();
  });

  it.each([
    ['Student name', 'R', 'Minimum length should be 2'],
    ['Student name', 'R'.repeat(61), 'Maximum 60 characters are allowed'],
    ['Student name', 'Ravi.K', 'Only alphabets are allowed'],
    ['Father name (optional)', 'Mr. Rao', 'Only alphabets are allowed'],
    ['Email ID', 'ravi@gmail.gmail.com', 'Enter a valid email address'],
    ['Email ID', 'ravi@', 'Enter a valid email address'],
    ['Date of birth', '31022010', 'That day does not exist in that month: check the day'],
    ['Date of birth', '1/1/20', 'Enter date of birth as DD/MM/YYYY'],
    ['Date of birth', '01012016', 'Date of birth is outside the allowed range'],
  ])('%s %j → "%s" on blur', async (label, typed, message) => {
    const { user } = await setup('student-details', neet);
    const control = screen.getByRole('textbox', { name: label });
    await user.type(control, typed);
    expect(linkedError(control)).toBeUndefined();
    await user.tab();
    await waitFor(() => expect(linkedError(control)).toBe(message));
  });

  it('accepts a student name with initials ("Asha K. Verma"): no message, and Next submits it', async () => {
    const onSubmit = vi.fn();
    const { user } = await setup('student-details', neet, { onSubmit });
    const name = screen.getByRole('textbox', { name: 'Student name' });
    await user.type(name, 'Asha K. Verma');
    await user.tab();
    await user.type(screen.getByRole('textbox', { name: 'Email ID' }), 'asha@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Date of birth' }), '12052010');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Class & stream' }), '11&SOM');
    expect(linkedError(name)).toBeUndefined();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveProperty('disabled', false);
    await user.click(next);
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ studentName: 'Asha K. Verma' })),
    );
  });

  it('counts a name once tidied: 60 letters with a doubled space submit; 61 letters say the length', async () => {
    const onSubmit = vi.fn();
    const { user } = await setup('student-details', neet, { onSubmit });
    const name = screen.getByRole('textbox', { name: 'Student name' });
    const sixty = `${'A'.repeat(29)}  ${'B'.repeat(30)}`; // 61 characters as typed, 60 once tidied
    await user.click(name);
    await user.paste(sixty);
    await user.tab();
    expect(linkedError(name)).toBeUndefined();
    await user.type(screen.getByRole('textbox', { name: 'Email ID' }), 'asha@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Date of birth' }), '12052010');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Class & stream' }), '11&SOM');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await user.clear(name);
    await user.click(name);
    await user.paste(`${'A'.repeat(30)} ${'B'.repeat(31)}`);
    await user.tab();
    await waitFor(() => expect(linkedError(name)).toBe(en.strings['validation.name.maxLength']));
  });

  it('removes leading spaces from the student name as it is typed', async () => {
    const { user } = await setup('student-details', neet);
    const name = screen.getByRole('textbox', { name: 'Student name' });
    await user.type(name, '  Ravi');
    expect(name).toHaveProperty('value', 'Ravi');
  });

  it('Next stays disabled until every rule passes, and is busy while loading', async () => {
    const onSubmit = vi.fn();
    const { user, rerender } = await setup('student-details', neet, { onSubmit });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: 'Student name' }), 'Ravi Kumar');
    await user.type(screen.getByRole('textbox', { name: 'Email ID' }), 'ravi@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Date of birth' }), '12052010');
    expect(next).toHaveProperty('disabled', true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Class & stream' }), '11&SOM');
    expect(next).toHaveProperty('disabled', false);
    await user.click(next);
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        studentName: 'Ravi Kumar',
        email: 'ravi@example.com',
        dob: '12/05/2010',
        classStream: '11&SOM',
      }),
    );
    const loaded = await loadForm('student-details', neet);
    rerender(<Harness loaded={loaded} programme={neet} loading />);
    // While loading Next is busy: disabled to see and hear, but focusable, and a
    // click submits nothing.
    const busy = screen.getByRole('button', { name: 'Next' });
    expect(busy).toHaveProperty('disabled', false);
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(busy.getAttribute('aria-busy')).toBe('true');
    onSubmit.mockClear();
    await user.click(busy);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the messages in Hindi on Hindi pages', async () => {
    const { user } = await setup('student-details', neet, { t: hindi });
    const name = screen.getByRole('textbox', { name: 'छात्र का नाम' });
    await user.click(name);
    await user.tab();
    await waitFor(() => expect(linkedError(name)).toBe('कृपया छात्र का नाम दर्ज करें'));
    await user.type(name, 'R');
    await user.tab();
    await waitFor(() => expect(linkedError(name)).toBe('न्यूनतम लंबाई 2 होनी चाहिए'));
  });

  it('has no serious accessibility violations with errors showing', async () => {
    const { user, container } = await setup('student-details', neet);
    await user.click(screen.getByRole('textbox', { name: 'Student name' }));
    await user.tab();
    await waitFor(() => expect(screen.getByText('Please enter student name')).toBeTruthy());
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('exam details', () => {
  const iatProgramme = iat as unknown as Programme;
  const options = {
    examSlot: [
      { value: 's1', label: 'Offline 9-12' },
      { value: 's2', label: 'Offline 2-5' },
    ],
    state: [
      { value: 'DL', label: 'Delhi' },
      { value: 'UP', label: 'Uttar Pradesh' },
    ],
    centre: [
      { value: 'Delhi-DL01-1', label: 'Delhi Centre' },
      { value: 'Noida-UP01-2', label: 'Noida Centre' },
    ],
    examDate: [{ value: 'd1', label: '13 April 2025' }],
    paymentMethod: [
      { value: 'paytm', label: 'Paytm' },
      { value: 'hdfc', label: 'HDFC' },
    ],
  };

  it('shows the "… first" messages of the dependants on blur', async () => {
    const { user } = await setup('exam-details', iatProgramme, { options, classStream: '11&SOM' });
    const state = screen.getByRole('combobox', { name: 'State' });
    const centre = screen.getByRole('combobox', { name: 'Centre' });
    const slot = screen.getByRole('combobox', { name: 'Exam slot' });
    await user.click(state);
    await user.tab();
    await waitFor(() => expect(linkedError(state)).toBe('Please select exam slot first'));
    await user.click(centre);
    await user.tab();
    await waitFor(() => expect(linkedError(centre)).toBe('Please select state first'));
    await user.click(slot);
    await user.tab();
    await waitFor(() => expect(linkedError(slot)).toBe('Please select exam slot'));
    await user.selectOptions(slot, 's1');
    await user.tab();
    await waitFor(() => expect(linkedError(state)).toBe('Please select state'));
  });

  it('centre asks for class & stream when the student step has none', async () => {
    const { user } = await setup('exam-details', iatProgramme, { options });
    const centre = screen.getByRole('combobox', { name: 'Centre' });
    await user.click(centre);
    await user.tab();
    await waitFor(() => expect(linkedError(centre)).toBe('Please select class & stream'));
  });

  it('reports each choice as it is made and neither clears nor chooses anything itself (the machine does)', async () => {
    const { user } = await setup('exam-details', iatProgramme, { options, classStream: '11&SOM' });
    const data = () => JSON.parse(screen.getByTestId('data').textContent ?? '{}') as FormValues;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Exam slot' }), 's1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'DL');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Centre' }), 'Delhi-DL01-1');
    await waitFor(() =>
      expect(data()).toMatchObject({ examSlot: 's1', state: 'DL', centre: 'Delhi-DL01-1' }),
    );
    // The single date is not chosen by the form: the registration machine's cascade chooses it.
    expect(data().examDate).toBeUndefined();
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'UP');
    await waitFor(() => expect(data().state).toBe('UP'));
    expect(data().centre).toBe('Delhi-DL01-1');
  });

  it('lists only each programme’s exam fields: iACST asks for state and centre, MOCK-JEE for neither', async () => {
    const { unmount } = await setup('exam-details', iacst as unknown as Programme, { options });
    // The classroom course is filed under a centre the student chooses (online-only presets them).
    expect(screen.getByRole('combobox', { name: 'State' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Centre' })).toBeTruthy();
    unmount();
    await setup('exam-details', mockJee as unknown as Programme, { options });
    expect(screen.queryByRole('combobox', { name: 'State' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Exam slot' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Coupon code (optional)' })).toBeTruthy();
  });

  it('has no serious accessibility violations', async () => {
    const { container } = await setup('exam-details', iatProgramme, { options, classStream: '11&SOM' });
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('held typing in a schema form (held-typing.tsx)', () => {
  it('keeps the keys in the field, tells at once the key that unblocks Next, and a submit right after typing takes them', async () => {
    const onSubmit = vi.fn();
    const { user } = await setup('student-details', neet, { onSubmit });
    const data = () => JSON.parse(screen.getByTestId('data').textContent ?? '{}') as FormValues;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Class & stream' }), '11&SOM');
    await user.type(screen.getByRole('textbox', { name: 'Student name' }), 'Asha Verma');
    await user.type(screen.getByRole('textbox', { name: 'Email ID' }), 'asha@example.com');
    const dob = screen.getByRole<HTMLInputElement>('textbox', { name: 'Date of birth' });
    // Keys as input events, in one go: no pause can pass between them and the submit.
    act(() => dob.focus());
    for (const key of '1205201') fireEvent.change(dob, { target: { value: `${dob.value}${key}` } });
    // The date's keys are still held: the parent (the machine's side) has not had them.
    expect(dob.value).toBe('12/05/201');
    expect(data().dob).toBeUndefined();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveProperty('disabled', true);
    // The key that completes the date unblocks Next: it is told once it is painted (not after the
    // pause), and Next follows.
    fireEvent.change(dob, { target: { value: `${dob.value}0` } });
    await painted();
    expect(data().dob).toBe('12/05/2010');
    expect(next).toHaveProperty('disabled', false);
    // A key that keeps Next as it is stays in the field again.
    await user.type(screen.getByRole('textbox', { name: 'Student name' }), 'h');
    expect(data().studentName).toBe('Asha Verma');
    expect(next).toHaveProperty('disabled', false);
    // A submit (Enter, in a browser) with the focus still in the field takes what was typed.
    fireEvent.submit(dob.closest('form') as HTMLFormElement);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ studentName: 'Asha Vermah', email: 'asha@example.com', dob: '12/05/2010' }),
    );
    expect(data().dob).toBe('12/05/2010');
  });

  // A phone's tap on Next blurs the field first: an error that cleared on that blur moved Next
  // from under the finger and the tap was lost. The error goes with the key that fixes it.
  it('clears a shown error with the key that fixes it, the focus still in the field', async () => {
    const { user } = await setup('student-details', neet);
    const data = () => JSON.parse(screen.getByTestId('data').textContent ?? '{}') as FormValues;
    const email = screen.getByRole('textbox', { name: 'Email ID' });
    await user.type(email, 'ravi@example');
    await user.tab();
    await waitFor(() => expect(linkedError(email)).toBe('Enter a valid email address'));
    await user.click(email);
    // A key that leaves it failing is held (the error stays, as typed keys do)…
    await user.keyboard('.');
    expect(data().email).toBe('ravi@example');
    expect(linkedError(email)).toBe('Enter a valid email address');
    // …and the one that fixes it goes once it is painted: no pause, no blur.
    await user.keyboard('in');
    await painted();
    expect(document.activeElement).toBe(email);
    expect(data().email).toBe('ravi@example.in');
    expect(linkedError(email)).toBeUndefined();
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('once a field is left, its error follows its value: emptied, it says so after the pause', async () => {
    const { user } = await setup('student-details', neet);
    const name = screen.getByRole('textbox', { name: 'Student name' });
    await user.type(name, 'Ravi Kumar');
    await user.tab();
    expect(linkedError(name)).toBeUndefined();
    await user.clear(name);
    await waitFor(() => expect(linkedError(name)).toBe('Please enter student name'));
    expect(document.activeElement).toBe(name);
  });
});
