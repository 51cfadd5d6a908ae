// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectInput } from './select-input';
import { ClassStreamSelect } from './class-stream-select';
import { normaliseDob } from '../../../domain/dates';
import { keyTarget, monthGrid } from './dob-calendar';
import { DobInput } from './dob-input';
import { MobileInput } from './mobile-input';
import { OtpInput } from './otp-input';
import type { SelectOption } from './select-input';
import { seriousViolations } from '../../../../tests/fixtures/a11y-dom';

afterEach(cleanup);

const range = { min: '1992-01-01', max: '2015-12-31' };
const labels = {
  open: 'Choose date of birth',
  dialog: 'Choose a date',
  month: 'Month',
  year: 'Year',
  close: 'Close',
  days: (m: string) => `Days of ${m}`,
};

function Dob({
  initial = '',
  error,
  onChange,
}: {
  initial?: string;
  error?: string;
  onChange?: (v: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DobInput
      id="dob"
      label="Date of birth"
      hint="DD/MM/YYYY"
      value={value}
      error={error}
      required
      range={range}
      labels={labels}
      locale="en"
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

function Otp({
  error,
  onComplete,
  focusKey,
}: {
  error?: string;
  onComplete?: (v: string) => void;
  focusKey?: number;
}) {
  const [value, setValue] = useState('');
  return (
    <OtpInput
      id="otp"
      label="Enter the 4-digit OTP"
      value={value}
      error={error}
      focusKey={focusKey}
      onChange={setValue}
      onComplete={onComplete}
      digitLabel={(n, total) => `Digit ${n} of ${total}`}
    />
  );
}

describe('DobInput', () => {
  it('masks typing as DD/MM/YYYY', async () => {
    const user = userEvent.setup();
    render(<Dob />);
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.type(input, '12a0520101');
    expect(input).toHaveProperty('value', '12/05/2010');
    expect(normaliseDob('1205')).toBe('12/05');
  });

  it('takes a date typed as people write it (1/1/2010) and a paste with a leading space, whole', async () => {
    const user = userEvent.setup();
    render(<Dob />);
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.type(input, '1/1/2010');
    expect(input).toHaveProperty('value', '01/01/2010');
    await user.clear(input);
    await user.click(input);
    await user.paste(' 14/08/2009');
    expect(input).toHaveProperty('value', '14/08/2009');
  });

  it('links its error and hint to the input', () => {
    render(<Dob error="Please select date of birth" />);
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['DD/MM/YYYY', 'Please select date of birth']);
  });

  it('is fully keyboard usable: arrows move days, Enter picks, focus returns to the button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Dob initial="12/05/2010" onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Choose date of birth' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Choose a date' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2010-05-12');
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowLeft}{ArrowLeft}{ArrowUp}');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2010-05-11');
    await user.keyboard('{PageDown}');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2010-06-11');
    expect(within(dialog).getByRole('combobox', { name: 'Month' })).toHaveProperty('value', '6');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('11/06/2010');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('Escape closes without picking', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Dob initial="12/05/2010" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Choose date of birth' }));
    await user.keyboard('{ArrowRight}{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose date of birth' }));
  });

  it('bounds the month and year dropdowns and the days by the programme range', async () => {
    const user = userEvent.setup();
    render(<Dob />);
    await user.click(screen.getByRole('button', { name: 'Choose date of birth' }));
    const year = screen.getByRole('combobox', { name: 'Year' });
    const years = within(year)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(years[0]).toBe('2015');
    expect(years.at(-1)).toBe('1992');
    expect(years).toHaveLength(24);
    // Opens on the latest allowed date; a day past it cannot be reached by keyboard.
    expect(document.activeElement?.getAttribute('data-date')).toBe('2015-12-31');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2015-12-31');
    await user.selectOptions(year, '1992');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '1');
    const grid = screen.getByRole('grid', { name: 'Days of January 1992' });
    expect(within(grid).getByRole('button', { name: /Wednesday, January 1, 1992/ })).toBeTruthy();
    expect(keyTarget('ArrowLeft', '1992-01-01', range)).toBe('1992-01-01');
  });

  it('draws weeks Sunday first', () => {
    const weeks = monthGrid(2010, 5);
    expect(weeks[0]?.slice(0, 7)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      '2010-05-01',
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it('has no serious accessibility violations, closed or open', async () => {
    const user = userEvent.setup();
    const { container } = render(<Dob initial="12/05/2010" error="Please select date of birth" />);
    expect(await seriousViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Choose date of birth' }));
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('OtpInput', () => {
  it('is a labelled group of 4 numeric one-time-code boxes', () => {
    render(<Otp />);
    const group = screen.getByRole('group', { name: 'Enter the 4-digit OTP' });
    const boxes = within(group).getAllByRole('textbox');
    expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Digit 1 of 4',
      'Digit 2 of 4',
      'Digit 3 of 4',
      'Digit 4 of 4',
    ]);
    expect(boxes.every((b) => b.getAttribute('inputmode') === 'numeric')).toBe(true);
    expect(boxes[0]?.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('typing moves to the next box, Backspace to the previous; a full code completes', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Otp onComplete={onComplete} />);
    const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 4` });
    await user.click(box(1));
    await user.keyboard('12');
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('x');
    expect(box(3)).toHaveProperty('value', '');
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(2));
    expect(box(2)).toHaveProperty('value', '');
    await user.keyboard('234');
    expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value).join('')).toBe('1234');
    expect(onComplete).toHaveBeenCalledWith('1234');
  });

  it('a pasted 4-digit code fills every box', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Otp onComplete={onComplete} />);
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 4' }));
    await user.paste('48 21');
    expect(screen.getAllByRole('textbox').map((b) => (b as HTMLInputElement).value)).toEqual([
      '4',
      '8',
      '2',
      '1',
    ]);
    expect(onComplete).toHaveBeenCalledWith('4821');
  });

  it('a digit typed beside the one a box holds replaces that digit, the rest of the code kept', async () => {
    // A second tap on a box puts the caret beside its digit instead of selecting it: the box then
    // holds two characters for a moment, which is not a pasted code (it was read as "29" before).
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Otp onComplete={onComplete} />);
    const box = (n: number) => screen.getByRole<HTMLInputElement>('textbox', { name: `Digit ${n} of 4` });
    const code = () => [1, 2, 3, 4].map((n) => box(n).value).join('');
    await user.click(box(1));
    await user.keyboard('1234');
    await user.type(box(2), '9', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(code()).toBe('1934');
    await user.type(box(3), '7', { initialSelectionStart: 0, initialSelectionEnd: 0 });
    expect(code()).toBe('1974');
    expect(onComplete).toHaveBeenLastCalledWith('1974');
    // A letter beside a digit changes nothing.
    await user.type(box(4), 'x', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(code()).toBe('1974');
  });

  it('links the error to the group and each box, and refocuses the first box on request', () => {
    const { rerender } = render(<Otp error="Please enter a valid OTP" />);
    const group = screen.getByRole('group', { name: 'Enter the 4-digit OTP' });
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter a valid OTP',
    );
    for (const box of within(group).getAllByRole('textbox')) {
      expect(box.getAttribute('aria-invalid')).toBe('true');
      expect(box.getAttribute('aria-describedby')).toBe('otp-error');
    }
    rerender(<Otp error="Please enter a valid OTP" focusKey={1} />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Digit 1 of 4' }));
  });

  it('a code its owner refuses before drawing it empties the boxes and focuses the first', async () => {
    // The owner answers the whole code at once with an empty one and a new focus key, as the
    // verify-mobile flow does when the server says the code is wrong: it never draws "1234".
    function Refusing() {
      const [wrong, setWrong] = useState(0);
      return (
        <OtpInput
          id="otp"
          label="Enter the 4-digit OTP"
          value=""
          focusKey={wrong || undefined}
          onChange={(code) => {
            if (code.length === 4) setWrong((n) => n + 1);
          }}
          digitLabel={(n, total) => `Digit ${n} of ${total}`}
        />
      );
    }
    const user = userEvent.setup();
    render(<Refusing />);
    const box = (n: number) => screen.getByRole<HTMLInputElement>('textbox', { name: `Digit ${n} of 4` });
    await user.click(box(1));
    await user.keyboard('1234');
    expect([1, 2, 3, 4].map((n) => box(n).value)).toEqual(['', '', '', '']);
    expect(document.activeElement).toBe(box(1));
    await user.keyboard('5');
    expect(box(1).value).toBe('5');
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(<Otp error="Please enter a valid OTP" />);
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('MobileInput', () => {
  function Mobile({ studentIdMax }: { studentIdMax?: number }) {
    const [value, setValue] = useState('');
    return (
      <MobileInput
        id="mobile"
        label="Mobile number"
        value={value}
        studentIdMax={studentIdMax}
        onChange={setValue}
        error={value.length > 0 && value.length < 10 ? 'Enter a valid mobile number' : undefined}
      />
    );
  }

  it('keeps digits only; no maxlength, so a paste is never cut into another number', async () => {
    const user = userEvent.setup();
    render(<Mobile />);
    const input = screen.getByRole('textbox', { name: 'Mobile number' });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBeNull();
    await user.type(input, '98-76a54');
    expect(input).toHaveProperty('value', '987654');
    expect(input.getAttribute('aria-describedby')).toBe('mobile-error');
    expect(screen.getByText('Enter a valid mobile number').id).toBe('mobile-error');
    await user.type(input, '3210');
    expect(input).toHaveProperty('value', '9876543210');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await user.clear(input);
    await user.paste('+91 98111 22334');
    expect(input).toHaveProperty('value', '9811122334');
    await user.clear(input);
    await user.paste('+919811122334');
    expect(input).toHaveProperty('value', '9811122334');
  });

  it('on a field that takes a student id, 11 plain digits stay a student id', async () => {
    const user = userEvent.setup();
    render(<Mobile studentIdMax={11} />);
    const input = screen.getByRole('textbox', { name: 'Mobile number' });
    await user.type(input, '09876543210');
    expect(input).toHaveProperty('value', '09876543210');
  });
});

describe('selects', () => {
  const states: SelectOption[] = [
    { value: 'DL', label: 'Delhi' },
    { value: 'UP', label: 'Uttar Pradesh' },
  ];

  // The exam selects show the machine's lists and choices; choosing and clearing are the machine's.
  it("leaves a single option for the machine to choose, and reports the student's choice", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <SelectInput
        id="state"
        label="State"
        placeholder="Select"
        value={undefined}
        options={states.slice(0, 1)}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'State' });
    expect(select).toHaveProperty('value', '');
    expect(onChange).not.toHaveBeenCalled();
    rerender(
      <SelectInput
        id="state"
        label="State"
        placeholder="Select"
        value={undefined}
        options={states}
        onChange={onChange}
      />,
    );
    await user.selectOptions(select, 'UP');
    expect(onChange).toHaveBeenCalledWith('UP');
  });

  it('shows a value its list does not hold as no choice, without changing it', () => {
    const onChange = vi.fn();
    render(
      <SelectInput
        id="state"
        label="State"
        placeholder="Select"
        value="HR"
        options={states}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveProperty('value', '');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('class & stream is a native, non-searchable select that does not auto-select', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <ClassStreamSelect
        id="classStream"
        label="Class & stream"
        placeholder="Select"
        value={undefined}
        options={[{ value: '11&SOM', label: 'Class 11 Medical' }]}
        onChange={onChange}
        required
        error="Please select class & stream"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Class & stream' });
    expect(select.tagName).toBe('SELECT');
    expect(onChange).not.toHaveBeenCalled();
    expect(select.getAttribute('aria-describedby')).toBe('classStream-error');
    await user.selectOptions(select, '11&SOM');
    expect(onChange).toHaveBeenCalledWith('11&SOM');
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(
      <SelectInput
        id="state"
        label="State"
        placeholder="Select"
        value="DL"
        options={states}
        onChange={() => {}}
      />,
    );
    expect(await seriousViolations(container)).toEqual([]);
  });
});
