// @vitest-environment jsdom
// The edit-exam dialog as a student meets it, by role and label: the attempts, the mode switch with
// its price tags, the selects, the disabled Submit saying why, the offline fee and 'Pay ₹100 and
// update', Escape and focus, the refusals, Hindi, and axe at each state. The machine is the real
// one; its calls are fakes.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import en from '../../../config/i18n/en.json';
import hi from '../../../config/i18n/hi.json';
import { createTranslator } from '../../engine/i18n';
import type { ExamEditInfoBody, ExamEditInfoReply } from '../../generated/api/exam-edit-info';
import type { UiStringTable } from '../../generated/config/i18n';
import type { Profile } from '../../generated/api/profile';
import { editExamMachine } from '../../machines/edit-exam-machine';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import {
  CENTRE_B,
  centres,
  classStreams,
  dates,
  lockedProfile,
  offlineDraft,
  onlineProfile,
  payFirst,
  programme,
  states,
  updated,
} from '../../../tests/fixtures/edit-exam';
import { EditExamDialog } from './edit-exam-dialog';

const tEn = createTranslator(en.strings as UiStringTable);
const tHi = createTranslator(hi.strings as UiStringTable);

function setup(options: { reply?: ExamEditInfoReply; locale?: 'en' | 'hi' } = {}) {
  const update = vi.fn(async (_: ExamEditInfoBody) => options.reply ?? updated);
  const finish = vi.fn();
  const dialogClosed = vi.fn();
  const postPaymentForm = vi.fn();
  const toasts: unknown[] = [];
  const machine = editExamMachine.provide({
    actors: {
      loadProfile: fromPromise(async () => onlineProfile),
      loadClassStreams: fromPromise(async () => classStreams),
      loadStates: fromPromise(async () => states),
      loadCentres: fromPromise(async () => centres),
      loadDates: fromPromise(async () => dates),
      updateExamInfo: fromPromise(({ input }) => update(input)),
    },
    actions: {
      showToast: (_, params) => void toasts.push(params),
      postPaymentForm: (_, params) => postPaymentForm(params),
      finish: () => finish(),
      dialogClosed: () => dialogClosed(),
    },
  });
  const actor = createActor(machine, { input: { programme } }).start();
  const t = options.locale === 'hi' ? tHi : tEn;
  const view = render(
    <main>
      <button type="button" onClick={() => actor.send({ type: 'editExam.open', profile: onlineProfile })}>
        Edit exam
      </button>
      <EditExamDialog actor={actor} t={t} locale={options.locale ?? 'en'} />
    </main>,
  );
  return { actor, update, finish, postPaymentForm, toasts, view, dialogClosed };
}

/** Opens the dialog from its button and waits for the date list. */
async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Edit exam' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit exam details' });
  await within(dialog).findByRole('option', { name: 'Thursday, 12 Mar 2026' });
  return dialog;
}

afterEach(() => cleanup());

describe('edit-exam dialog', () => {
  it('shows the booked exam, the attempt, Online Free / Offline ₹100, and a disabled Submit saying why', async () => {
    const user = userEvent.setup();
    setup();
    const dialog = await open(user);
    expect(within(dialog).getByText('This is edit 1 of 2.', { exact: false })).toBeTruthy();
    expect(within(dialog).getByText('Edits left: 2')).toBeTruthy();
    expect((within(dialog).getByLabelText('Class & stream') as HTMLSelectElement).value).toBe('11&SOM');
    expect((within(dialog).getByLabelText('Date of exam') as HTMLSelectElement).value).toBe('2026-03-11');
    // The booked slot, with its configured label.
    const slot = within(dialog).getByLabelText('Exam slot') as HTMLSelectElement;
    expect(slot.value).toBe('online-9am-10pm');
    expect(slot.selectedOptions[0]?.textContent).toBe('Online, any time from 9 AM to 10 PM');
    const group = within(dialog).getByRole('group', { name: 'Exam mode' });
    const online = within(group).getByRole('radio', { name: /Online/ });
    expect((online as HTMLInputElement).checked).toBe(true);
    expect(online.closest('label')?.textContent).toBe('OnlineFree');
    expect(
      within(group)
        .getByRole('radio', { name: /Offline/ })
        .closest('label')?.textContent,
    ).toBe('Offline₹100');
    // Online: no state or centre to choose.
    expect(within(dialog).queryByLabelText('Centre')).toBeNull();
    const submit = within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute('aria-describedby')).toBeTruthy();
    const why = document.getElementById(submit.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('Change something first: these are your current exam details.');
    expect(await seriousViolations(dialog)).toEqual([]);
  });

  it('posts an online change once, toasts the server msg and hands back to the dashboard', async () => {
    const user = userEvent.setup();
    const { update, finish, toasts } = setup();
    const dialog = await open(user);
    await user.selectOptions(within(dialog).getByLabelText('Date of exam'), '2026-03-12');
    const submit = within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    expect(submit.getAttribute('aria-describedby')).toBeNull();
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith(
      // Only the date changed: the booked slot goes with it.
      expect.objectContaining({ exam_mode: 'Online', exam_date: '2026-03-12', exam_slot: 'online-9am-10pm' }),
    );
    expect(toasts).toEqual([{ type: 'success', message: { key: 'editExam.updated', server: updated.msg } }]);
    expect(finish).toHaveBeenCalledTimes(1);
  });

  it('offline: the state is chosen by itself, the fee is said, and the button reads Pay ₹100 and update', async () => {
    const user = userEvent.setup();
    const { postPaymentForm } = setup({ reply: payFirst });
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('radio', { name: /Offline/ }));
    // Two offline slots: none is chosen for the student; the places wait for the choice.
    const slot = within(dialog).getByLabelText('Exam slot') as HTMLSelectElement;
    expect(slot.value).toBe('');
    expect([...slot.options].map((o) => o.textContent).filter(Boolean)).toEqual(
      expect.arrayContaining(['Offline, 9 AM to 12 PM', 'Offline, 2 PM to 5 PM']),
    );
    await user.selectOptions(slot, 'offline-afternoon');
    const centre = (await within(dialog).findByLabelText('Centre')) as HTMLSelectElement;
    expect((within(dialog).getByLabelText('State') as HTMLSelectElement).value).toBe('9');
    await within(dialog).findByRole('option', { name: 'Dwarka' });
    await user.selectOptions(centre, CENTRE_B);
    await within(dialog).findByRole('option', { name: 'Thursday, 12 Mar 2026' });
    await user.selectOptions(within(dialog).getByLabelText('Date of exam'), '2026-03-12');
    expect(
      within(dialog).getByText(
        'An offline exam costs ₹100 (non-refundable). Your new exam details apply once the payment is confirmed.',
      ),
    ).toBeTruthy();
    expect(await seriousViolations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹100 and update' }));
    await waitFor(() => expect(postPaymentForm).toHaveBeenCalledTimes(1));
    expect(postPaymentForm).toHaveBeenCalledWith({ paymentData: payFirst.data });
    // On the way to the gateway: said, and nothing can be sent again.
    expect(await within(dialog).findByText('Taking you to the payment page…')).toBeTruthy();
    const pay = within(dialog).getByRole('button', { name: 'Pay ₹100 and update' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
  });

  it('Escape closes it and gives the focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    const { dialogClosed } = setup();
    await open(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(dialogClosed).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit exam' }));
  });

  it('says why a locked registration cannot be edited, axe clean', async () => {
    const { actor } = setup();
    act(() => actor.send({ type: 'editExam.open', profile: lockedProfile as Profile }));
    const dialog = screen.getByRole('dialog', { name: 'Edit exam details' });
    expect(within(dialog).getByText('Your exam details can no longer be edited.')).toBeTruthy();
    expect(await seriousViolations(dialog)).toEqual([]);
  });

  it('reopens after a failed payment with the kept edit, in Hindi', async () => {
    const { actor } = setup({ locale: 'hi' });
    act(() => actor.send({ type: 'editExam.reopen', draft: offlineDraft, profile: onlineProfile }));
    const dialog = screen.getByRole('dialog', { name: 'परीक्षा विवरण बदलें' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'आपका भुगतान नहीं हो सका। आपके बदलाव रखे गए हैं: आप फिर से भुगतान कर सकते हैं।',
    );
    await within(dialog).findByRole('option', { name: 'Thursday, 12 Mar 2026' });
    expect((within(dialog).getByRole('radio', { name: /ऑफ़लाइन/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('केंद्र') as HTMLSelectElement).value).toBe(offlineDraft.centre);
    expect(within(dialog).getByRole('button', { name: '₹100 चुकाएँ और बदलें' })).toBeTruthy();
    expect(await seriousViolations(dialog)).toEqual([]);
  });
});
