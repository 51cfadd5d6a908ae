// @vitest-environment jsdom
// Held typing (held-typing.tsx): keys stay in the field and reach the owner after a pause, on
// leaving the field, on a submit or a shortcut; an edit that clears a shown error, or one the
// caller names, goes at once; what the owner changes under held keys wins. Fake timers: the pause
// passes only when a test says so.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeldTypingForm, SEND_AFTER_MS, useSendHeld } from './held-typing';
import { OtpInput } from './widgets/otp-input';
import { HeldTextInput } from './widgets/text-input';

beforeEach(() => {
  // Only the timers held typing uses: React's scheduler and user-event keep theirs.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/**
 * Types into a field key by key, as input events (user-event waits on timers this file fakes).
 * Each key is its own event, so React renders between keys as in a browser.
 */
function type(input: HTMLInputElement, text: string) {
  act(() => input.focus());
  for (const key of text) fireEvent.change(input, { target: { value: input.value + key } });
}

/** A frame and the task after it (well within the pause): where an at-once key is told. */
const paint = () => act(() => vi.advanceTimersByTime(50));

interface OwnerProps {
  /** Every value the owner (a machine, say) was told, in order. */
  told: string[];
  onSubmit?: (name: string) => void;
  /** The owner's error, cleared by any edit (as the machines do). */
  initialError?: string;
  sendsAtOnce?: (next: string) => boolean;
}

/** An owner of a name, as a machine is: told each edit, clearing its error on one. */
function Owner({ told, onSubmit, initialError, sendsAtOnce }: OwnerProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState(initialError);
  const [renders, setRenders] = useState(0);
  return (
    <HeldTypingForm
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.(name);
      }}
    >
      <HeldTextInput
        id="name"
        label="Name"
        value={name}
        error={error}
        sendsAtOnce={sendsAtOnce}
        onChange={(value) => {
          told.push(value);
          setName(value);
          setError(undefined);
          setRenders((n) => n + 1);
        }}
      />
      <output aria-label="owner">{name}</output>
      <output aria-label="owner renders">{renders}</output>
      <button type="button" onClick={() => setName('Look-up')}>
        Fill
      </button>
      <ReadButton onRead={() => onSubmit?.(name)} />
      <button type="submit">Save</button>
    </HeldTypingForm>
  );
}

/** An action that reads the fields without submitting (the coupon's Apply). */
function ReadButton({ onRead }: { onRead: () => void }) {
  const sendHeld = useSendHeld();
  return (
    <button
      type="button"
      onClick={() => {
        sendHeld();
        onRead();
      }}
    >
      Read
    </button>
  );
}

const field = () => screen.getByLabelText<HTMLInputElement>('Name');
const owner = () => screen.getByLabelText('owner').textContent;

describe('held typing', () => {
  it('holds the keys in the field: the owner hears nothing per key, then once after the pause', async () => {
    const told: string[] = [];
    render(<Owner told={told} />);
    type(field(), 'Asha');
    expect(field().value).toBe('Asha');
    expect(told).toEqual([]);
    expect(owner()).toBe('');
    act(() => vi.advanceTimersByTime(SEND_AFTER_MS - 1));
    expect(told).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(told).toEqual(['Asha']);
    expect(owner()).toBe('Asha');
    expect(field().value).toBe('Asha');
  });

  it('each key restarts the pause', async () => {
    const told: string[] = [];
    render(<Owner told={told} />);
    type(field(), 'As');
    act(() => vi.advanceTimersByTime(SEND_AFTER_MS - 50));
    type(field(), 'ha');
    act(() => vi.advanceTimersByTime(SEND_AFTER_MS - 50));
    expect(told).toEqual([]);
    act(() => vi.advanceTimersByTime(50));
    expect(told).toEqual(['Asha']);
  });

  it('sends on leaving the field', async () => {
    const told: string[] = [];
    render(<Owner told={told} />);
    type(field(), 'Asha');
    fireEvent.blur(field());
    expect(told).toEqual(['Asha']);
    act(() => vi.advanceTimersByTime(SEND_AFTER_MS));
    // Sent once: the pause finds nothing left to send.
    expect(told).toEqual(['Asha']);
  });

  it('a submit right after typing takes the held keys (Enter in the field, or a button)', async () => {
    const told: string[] = [];
    const submitted: string[] = [];
    render(<Owner told={told} onSubmit={(name) => submitted.push(name)} />);
    type(field(), 'Asha');
    fireEvent.submit(field().closest('form') as HTMLFormElement);
    expect(told).toEqual(['Asha']);
    type(field(), ' V');
    // A submit event with the focus still in the field (no blur before it).
    fireEvent.submit(field().closest('form') as HTMLFormElement);
    expect(told).toEqual(['Asha', 'Asha V']);
    // The owner's state had the keys before the submit handler ran (the form re-rendered first).
    act(() => vi.advanceTimersByTime(SEND_AFTER_MS));
    expect(told).toEqual(['Asha', 'Asha V']);
    expect(owner()).toBe('Asha V');
  });

  it('an action that reads the fields takes the held keys first (useSendHeld)', async () => {
    const told: string[] = [];
    render(<Owner told={told} />);
    type(field(), 'Asha');
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    expect(told).toEqual(['Asha']);
  });

  it('an edit that clears a shown error goes at once, and the next keys are held again', async () => {
    const told: string[] = [];
    render(<Owner told={told} initialError="Enter a name" />);
    expect(screen.getByText('Enter a name')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    type(field(), 'A');
    // The key is painted first; the owner hears it right after, not after the pause.
    expect(told).toEqual([]);
    paint();
    expect(told).toEqual(['A']);
    expect(screen.queryByText('Enter a name')).toBeNull();
    expect(field().getAttribute('aria-invalid')).toBeNull();
    type(field(), 'sha');
    paint();
    expect(told).toEqual(['A']);
    expect(field().value).toBe('Asha');
  });

  it('an at-once key is told without a frame too (a hidden tab paints none), well before the pause', async () => {
    const noFrames = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const told: string[] = [];
    render(<Owner told={told} initialError="Enter a name" />);
    type(field(), 'A');
    act(() => vi.advanceTimersByTime(SEND_AFTER_MS / 2));
    expect(told).toEqual(['A']);
    noFrames.mockRestore();
  });

  it('a submit before the frame of an at-once key takes that key', async () => {
    const told: string[] = [];
    const onSubmit = vi.fn();
    render(<Owner told={told} initialError="Enter a name" onSubmit={onSubmit} />);
    type(field(), 'A');
    fireEvent.submit(field().closest('form') as HTMLFormElement);
    expect(told).toEqual(['A']);
    paint();
    expect(told).toEqual(['A']);
  });

  it('an edit the caller names goes at once (one that enables a button)', async () => {
    const told: string[] = [];
    render(<Owner told={told} sendsAtOnce={(next) => next.length === 3} />);
    type(field(), 'Ash');
    paint();
    expect(told).toEqual(['Ash']);
    type(field(), 'a');
    paint();
    expect(told).toEqual(['Ash']);
  });

  it('re-renders only the field per key: the owner renders once, after the pause', async () => {
    const told: string[] = [];
    render(<Owner told={told} />);
    type(field(), 'Asha Verma');
    expect(screen.getByLabelText('owner renders').textContent).toBe('0');
    act(() => vi.advanceTimersByTime(SEND_AFTER_MS));
    expect(screen.getByLabelText('owner renders').textContent).toBe('1');
  });

  it('what the owner changes under held keys wins: the field shows it and the keys are dropped', async () => {
    const told: string[] = [];
    render(<Owner told={told} />);
    type(field(), 'Ash');
    fireEvent.click(screen.getByRole('button', { name: 'Fill' }));
    expect(field().value).toBe('Look-up');
    act(() => vi.advanceTimersByTime(SEND_AFTER_MS));
    expect(told).toEqual([]);
    expect(owner()).toBe('Look-up');
  });

  it('a key typed after the pause, before the page has re-rendered, is kept (a slow phone)', async () => {
    const told: string[] = [];
    render(<Owner told={told} />);
    type(field(), 'asha@exam');
    // The pause passes outside React's batch: the owner is told, its re-render not yet done…
    vi.advanceTimersByTime(SEND_AFTER_MS);
    expect(told).toEqual(['asha@exam']);
    // …when the next key arrives, handled by the field as it was last drawn.
    fireEvent.change(field(), { target: { value: 'asha@examp' } });
    expect(field().value).toBe('asha@examp');
    type(field(), 'le.com');
    act(() => vi.advanceTimersByTime(SEND_AFTER_MS));
    expect(told).toEqual(['asha@exam', 'asha@example.com']);
    expect(owner()).toBe('asha@example.com');
  });

  it('a shortcut (Ctrl+Z) reaches the owner after the held keys', async () => {
    const told: string[] = [];
    render(<Owner told={told} />);
    type(field(), 'Asha');
    fireEvent.keyDown(field(), { key: 'z', ctrlKey: true });
    expect(told).toEqual(['Asha']);
  });

  it('leaving the page (the form unmounts) sends the keys not yet sent', async () => {
    const told: string[] = [];
    const view = render(<Owner told={told} />);
    type(field(), 'Asha');
    view.unmount();
    expect(told).toEqual(['Asha']);
  });
});

describe('held OTP boxes', () => {
  function Code({ told }: { told: string[] }) {
    const [code, setCode] = useState('');
    return (
      <HeldTypingForm>
        <OtpInput
          id="otp"
          label="OTP"
          value={code}
          digitLabel={(n, total) => `Digit ${n} of ${total}`}
          onChange={(value) => {
            told.push(value);
            setCode(value);
          }}
        />
      </HeldTypingForm>
    );
  }

  it('holds the digits, moves along the boxes, and sends a whole code at once', async () => {
    const told: string[] = [];
    render(<Code told={told} />);
    for (const [n, digit] of ['1', '2', '3'].entries())
      type(screen.getByLabelText<HTMLInputElement>(`Digit ${n + 1} of 4`), digit);
    expect(told).toEqual([]);
    expect(screen.getByLabelText<HTMLInputElement>('Digit 3 of 4').value).toBe('3');
    expect(document.activeElement).toBe(screen.getByLabelText('Digit 4 of 4'));
    type(screen.getByLabelText<HTMLInputElement>('Digit 4 of 4'), '4');
    paint();
    expect(told).toEqual(['1234']);
    // An edit of a whole code goes at once too (the flow's Verify follows it).
    fireEvent.keyDown(screen.getByLabelText('Digit 4 of 4'), { key: 'Backspace' });
    paint();
    expect(told).toEqual(['1234', '123']);
    expect(screen.getByLabelText<HTMLInputElement>('Digit 4 of 4').value).toBe('');
  });
});
