// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import site from '../../../config/site.json';
import { createToastStore, type ToastStore } from './toast-store';
import { Toasts } from './toasts';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const durations = { durationMs: site.toast.durationMs, warnDurationMs: site.toast.warnDurationMs };

function renderToasts(store: ToastStore = createToastStore()) {
  const view = render(<Toasts store={store} {...durations} />);
  return { store, ...view };
}

/** The text a live region holds ('' when it holds nothing). */
const region = (role: 'status' | 'alert') => screen.getByRole(role).textContent;

describe('toast store', () => {
  it('shows one toast at a time, falls back to "Success", and closes', () => {
    const store = createToastStore();
    const seen: string[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getSnapshot().message));
    store.show({ type: 'success' });
    expect(store.getSnapshot()).toMatchObject({ open: true, type: 'success', message: 'Success', id: 1 });
    store.show({ type: 'success', message: '  ' });
    expect(store.getSnapshot().message).toBe('Success');
    store.show({ type: 'danger', message: 'Invalid roll number or password.' });
    expect(store.getSnapshot()).toMatchObject({ open: true, type: 'danger', id: 3 });
    store.close();
    expect(store.getSnapshot().open).toBe(false);
    store.close(); // closing a closed toast tells nobody
    unsubscribe();
    store.show({ type: 'warn', message: 'not heard' });
    expect(seen).toEqual([
      'Success',
      'Success',
      'Invalid roll number or password.',
      'Invalid roll number or password.',
    ]);
  });
});

describe('<Toasts />', () => {
  it('durations come from site config: 5000 ms and 1500 ms for warn', () => {
    expect(durations).toEqual({ durationMs: 5000, warnDurationMs: 1500 });
  });

  it('announces a success politely, shows "Success" without a message, and hides after 5000 ms', () => {
    vi.useFakeTimers();
    const { store } = renderToasts();
    expect(region('status')).toBe('');
    act(() => store.show({ type: 'success' }));
    expect(region('status')).toBe('Success');
    expect(region('alert')).toBe('');
    act(() => vi.advanceTimersByTime(4999));
    expect(region('status')).toBe('Success');
    act(() => vi.advanceTimersByTime(1));
    expect(region('status')).toBe('');
    expect(store.getSnapshot().open).toBe(false);
  });

  it.each(['error', 'danger'] as const)('announces %s at once (role="alert") for 5000 ms', (type) => {
    vi.useFakeTimers();
    const { store } = renderToasts();
    act(() => store.show({ type, message: 'Something went wrong.' }));
    expect(region('alert')).toBe('Something went wrong.');
    expect(region('status')).toBe('');
    act(() => vi.advanceTimersByTime(4999));
    expect(region('alert')).toBe('Something went wrong.');
    act(() => vi.advanceTimersByTime(1));
    expect(region('alert')).toBe('');
  });

  it('a warn toast is an alert that leaves after 1500 ms', () => {
    vi.useFakeTimers();
    const { store } = renderToasts();
    act(() => store.show({ type: 'warn', message: 'Please select centre' }));
    expect(region('alert')).toBe('Please select centre');
    act(() => vi.advanceTimersByTime(1499));
    expect(region('alert')).toBe('Please select centre');
    act(() => vi.advanceTimersByTime(1));
    expect(region('alert')).toBe('');
  });

  it('a new toast replaces the last and restarts the timer', () => {
    vi.useFakeTimers();
    const { store } = renderToasts();
    act(() => store.show({ type: 'success', message: 'OTP sent to 9811100001.' }));
    act(() => vi.advanceTimersByTime(4000));
    act(() => store.show({ type: 'success', message: 'OTP sent to 9811100001.' }));
    act(() => vi.advanceTimersByTime(4000));
    expect(region('status')).toBe('OTP sent to 9811100001.');
    act(() => vi.advanceTimersByTime(1000));
    expect(region('status')).toBe('');
  });

  it('the close button closes it, by mouse and by keyboard', async () => {
    const user = userEvent.setup();
    const { store } = renderToasts();
    act(() => store.show({ type: 'danger', message: 'Invalid password' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(region('alert')).toBe('');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(region('status')).toBe('');

    act(() => store.show({ type: 'success', message: 'Copied to clipboard !' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Enter}');
    expect(region('status')).toBe('');
  });

  it('takes a translated close label', () => {
    const store = createToastStore();
    render(<Toasts store={store} {...durations} closeLabel="बंद करें" />);
    act(() => store.show({ type: 'success' }));
    expect(screen.getAllByRole('button', { name: 'बंद करें' })).toHaveLength(1);
  });

  it.each(['success', 'error', 'danger', 'warn'] as const)(
    'is axe clean with a %s toast open',
    async (type) => {
      const { store, container } = renderToasts();
      act(() => store.show({ type, message: 'Message' }));
      expect(await seriousViolations(container)).toEqual([]);
    },
  );

  it('the axe check is not vacuous: it reports a close button without a name', async () => {
    const { store, container } = renderToasts();
    act(() => store.show({ type: 'danger', message: 'Message' }));
    screen.getByRole('button', { name: 'Close' }).removeAttribute('aria-label');
    expect((await seriousViolations(container)).join()).toContain('button-name');
  });
});
