// @vitest-environment jsdom
// The login form a tab lands on when its session ended elsewhere: with ?signed_out=test_submitted it
// says why, in the page's language (the strings the prerendered login screen hands its island);
// with no code, or one it does not word, it shows the form alone.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import en from '../../../config/i18n/en.json';
import hi from '../../../config/i18n/hi.json';
import iacst from '../../../config/programmes/iacst.json';
import { createTranslator } from '../../engine/i18n';
import type { LoginBody, LoginReply } from '../../generated/api/login';
import type { UiStringTable } from '../../generated/config/i18n';
import type { Programme } from '../../generated/config/programme';
import { loginMachine } from '../../machines/login-machine';
import { LoginForm, type LoginFormData } from './login-form';
import { LoginScreen } from './login-screen';
import { painted } from '../../../tests/support/painted';

afterEach(() => cleanup());

/** The island's data exactly as the prerendered login screen writes it into the page. */
function islandData(strings: UiStringTable, locale: string): LoginFormData {
  const html = renderToStaticMarkup(
    <LoginScreen
      programme={iacst as unknown as Programme}
      registerPath="/iacstexam"
      recoverPath="/recover-credentials"
      t={createTranslator(strings)}
      locale={locale}
      toast={{ durationMs: 5000, warnDurationMs: 8000 }}
    />,
  );
  const holder = document.createElement('div');
  holder.innerHTML = html;
  const island = holder.querySelector<HTMLElement>('[data-island="login-form"]');
  return JSON.parse(island?.dataset.islandProps ?? '{}') as LoginFormData;
}

const machine = loginMachine.provide({
  actors: {
    login: fromPromise<LoginReply, LoginBody>(async () => {
      throw new Error('not called');
    }),
  },
});

function renderForm(strings: UiStringTable, locale: string, signedOutReason: string | null) {
  render(
    <LoginForm
      machine={machine}
      input={{ query: {} }}
      signedOutReason={signedOutReason}
      {...islandData(strings, locale)}
    />,
  );
}

describe('the login form after a session ended elsewhere', () => {
  it('says a submitted test signed the student out, above the form', () => {
    renderForm(en.strings as UiStringTable, 'en', 'test_submitted');
    expect(screen.getByRole('status').textContent).toBe(
      'Your test was submitted, so you were signed out. Log in again to see your result.',
    );
    expect(screen.getByLabelText('Roll number')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('says it in Hindi on a Hindi page', () => {
    renderForm(hi.strings as UiStringTable, 'hi', 'test_submitted');
    expect(screen.getByRole('status').textContent).toBe(
      'आपका टेस्ट जमा हो गया है, इसलिए आपको साइन आउट कर दिया गया। अपना परिणाम देखने के लिए फिर से लॉगिन करें।',
    );
  });

  it('shows no note without a code it words', () => {
    for (const reason of [null, 'logged_out', 'toString', '<b>x</b>']) {
      renderForm(en.strings as UiStringTable, 'en', reason);
      expect(screen.queryByRole('status')).toBeNull();
      cleanup();
    }
  });
});

describe('typing in the login form (held-typing.tsx)', () => {
  it('holds the keys in the fields, clears a shown error at once, and Login right after typing sends what was typed', async () => {
    const sent: LoginBody[] = [];
    const login = loginMachine.provide({
      actors: {
        login: fromPromise<LoginReply, LoginBody>(async ({ input }) => {
          sent.push(input);
          return new Promise<LoginReply>(() => {});
        }),
      },
    });
    const events: string[] = [];
    render(
      <LoginForm
        machine={login}
        input={{ query: {} }}
        inspect={(event) => {
          if (event.type === '@xstate.event' && event.event.type.endsWith('.change'))
            events.push(event.event.type);
        }}
        {...islandData(en.strings as UiStringTable, 'en')}
      />,
    );
    const roll = screen.getByRole<HTMLInputElement>('textbox', { name: 'Roll number' });
    const form = roll.closest('form') as HTMLFormElement;
    // An empty submit: each field shows its error.
    fireEvent.submit(form);
    expect(roll.getAttribute('aria-invalid')).toBe('true');
    // Keys as input events in one go: no pause can pass between them and the submit.
    act(() => roll.focus());
    fireEvent.change(roll, { target: { value: '2' } });
    await painted();
    for (const key of '50000000001') fireEvent.change(roll, { target: { value: `${roll.value}${key}` } });
    // The first key cleared the error once it was painted; the rest stayed in the field.
    expect(roll.getAttribute('aria-invalid')).toBeNull();
    expect(events).toEqual(['rollNumber.change']);
    const dob = screen.getByRole<HTMLInputElement>('textbox', { name: /Password/ });
    act(() => dob.focus());
    expect(events).toEqual(['rollNumber.change', 'rollNumber.change']);
    // Its first key clears its error, once painted.
    fireEvent.change(dob, { target: { value: '0' } });
    await painted();
    for (const key of '501200') fireEvent.change(dob, { target: { value: `${dob.value}${key}` } });
    expect(events).toEqual(['rollNumber.change', 'rollNumber.change', 'password.change']);
    fireEvent.change(dob, { target: { value: `${dob.value}8` } });
    expect(dob.value).toBe('05/01/2008');
    fireEvent.submit(form);
    expect(sent).toEqual([{ roll_number: '250000000001', date_of_birth: '05/01/2008' }]);
  });
});
