// @vitest-environment jsdom
// Typing in the recovery form (held-typing.tsx): the keys stay in the field and the
// machine hears of them after a pause, except a key that enables or disables Next (a whole mobile
// or roll number) or clears a shown error, which goes at once; Next right after typing sends what
// was typed.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import en from '../../../config/i18n/en.json';
import { createTranslator } from '../../engine/i18n';
import type { RecoverOtpBody, RecoverOtpReply } from '../../generated/api/recover-otp';
import type { UiStringTable } from '../../generated/config/i18n';
import { recoveryMachine } from '../../machines/recovery-machine';
import { RecoveryForm } from './recovery-form';
import { RecoveryScreen } from './recovery-screen';
import type { RecoveryFormData } from './recovery-view';
import { painted } from '../../../tests/support/painted';

afterEach(() => cleanup());

/** The island's data exactly as the prerendered recovery screen writes it into the page. */
function islandData(): RecoveryFormData {
  const html = renderToStaticMarkup(
    <RecoveryScreen
      loginPath="/exam/login"
      t={createTranslator(en.strings as UiStringTable)}
      toast={{ durationMs: 5000, warnDurationMs: 8000 }}
    />,
  );
  const holder = document.createElement('div');
  holder.innerHTML = html;
  const island = holder.querySelector<HTMLElement>('[data-island="recover-form"]');
  return JSON.parse(island?.dataset.islandProps ?? '{}') as RecoveryFormData;
}

describe('typing in the recovery form (held-typing.tsx)', () => {
  it('holds the keys, sends at once the key that enables Next and the one that clears an error, and Next sends what was typed', async () => {
    const sent: RecoverOtpBody[] = [];
    const machine = recoveryMachine.provide({
      actors: {
        generateOtp: fromPromise<RecoverOtpReply, RecoverOtpBody>(async ({ input }) => {
          sent.push(input);
          throw new Error('No student with that roll number or mobile number.');
        }),
      },
    });
    const events: string[] = [];
    render(
      <RecoveryForm
        machine={machine}
        inspect={(event) => {
          if (event.type === '@xstate.event' && event.event.type === 'id.change')
            events.push(event.event.type);
        }}
        {...islandData()}
      />,
    );
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Roll number or mobile number' });
    const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Next' });
    act(() => field.focus());
    // Keys as input events in one go: no pause passes between them.
    for (const key of '900000000') fireEvent.change(field, { target: { value: `${field.value}${key}` } });
    expect(field.value).toBe('900000000');
    expect(events).toEqual([]);
    expect(next.disabled).toBe(true);
    // The tenth digit makes a whole mobile number: Next is enabled once the key is painted.
    fireEvent.change(field, { target: { value: `${field.value}2` } });
    await painted();
    expect(events).toEqual(['id.change']);
    expect(next.disabled).toBe(false);
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(sent).toEqual([{ login_id: '9000000002' }]);
  });

  it('clears a shown error with the first key', async () => {
    const machine = recoveryMachine.provide({
      actors: {
        generateOtp: fromPromise<RecoverOtpReply, RecoverOtpBody>(async () => {
          throw new Error('No student with that roll number or mobile number.');
        }),
      },
    });
    const events: string[] = [];
    render(
      <RecoveryForm
        machine={machine}
        inspect={(event) => {
          if (event.type === '@xstate.event' && event.event.type === 'id.change')
            events.push(event.event.type);
        }}
        {...islandData()}
      />,
    );
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Roll number or mobile number' });
    act(() => field.focus());
    fireEvent.change(field, { target: { value: '9000000002' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await screen.findByText(/./, { selector: '[id="login_id-error"], .ef-field__error' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    events.length = 0;
    fireEvent.change(field, { target: { value: '900000000' } });
    await painted();
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(events).toEqual(['id.change']);
  });
});
