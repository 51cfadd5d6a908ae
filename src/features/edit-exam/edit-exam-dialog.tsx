// The edit-exam dialog (part 2 §4 "Edit-exam flow"): a modal over the dashboard with the attempts
// left, the mode switch (Online 'Free' / Offline '₹100'), the class, state, centre and date selects,
// the offline fee notice and Submit / 'Pay ₹100 and update'. It shows the machine's view and sends
// its events; the form (and @rjsf with it) loads only when the dialog opens.
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Translate } from '../../engine/i18n';
import type { EditExamMachine } from '../../machines/edit-exam-machine';
import { messageText } from '../../machines/message';
import { ModalLoader } from '../../ui/loader/modal-loader';
import { Modal } from '../../ui/modal/modal';
import { editExamView, type EditExamView } from './edit-exam-view';
import './edit-exam.css';

const EditExamForm = lazy(() => import('./edit-exam-form'));
/** Start loading the form's chunk early (e.g. when the Edit button is hovered or focused). */
export const prefetchEditExamForm = () => import('./edit-exam-form');

export interface EditExamDialogProps {
  actor: ActorRefFrom<EditExamMachine>;
  t: Translate;
  /** BCP 47 locale of the page; the page's <html lang> when omitted. */
  locale?: string;
}

function Attempts({ view, t }: { view: EditExamView; t: Translate }) {
  const { attempts } = view;
  if (!attempts) return null;
  if (attempts.kind === 'unlimited')
    return <p className="ef-edit-exam__attempts">{t('editExam.unlimited')}</p>;
  return (
    <p className="ef-edit-exam__attempts">
      {t('editExam.attempt', { attempt: attempts.attempt, max: attempts.max })}{' '}
      <strong>{t('editExam.attemptsLeft', { count: attempts.left })}</strong>
    </p>
  );
}

export function EditExamDialog({ actor, t, locale }: EditExamDialogProps) {
  const view = useSelector(actor, editExamView, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  if (view.screen === 'closed') return null;
  const close = () => actor.send({ type: 'editExam.close' });
  const pageLocale =
    locale ?? (typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en');

  if (view.screen === 'loading')
    return (
      <Modal heading={t('editExam.heading')} closeLabel={t('editExam.close')} onClose={close}>
        <p role="status">{t('editExam.loading')}</p>
      </Modal>
    );
  if (view.screen === 'notAllowed' || view.screen === 'noEditsLeft')
    return (
      <Modal heading={t('editExam.heading')} closeLabel={t('editExam.close')} onClose={close}>
        <p>{t(view.screen === 'notAllowed' ? 'editExam.notAllowed' : 'editExam.noAttempts')}</p>
        <button type="button" className="ef-button ef-button--secondary" onClick={close}>
          {t('editExam.close')}
        </button>
      </Modal>
    );

  const busy = view.screen === 'saving' || view.screen === 'redirecting';
  return (
    <Modal heading={t('editExam.heading')} closeLabel={t('editExam.close')} onClose={close}>
      <div className="ef-edit-exam">
        <p>{t('editExam.intro')}</p>
        <Attempts view={view} t={t} />
        {view.notice ? (
          <p role="alert" className="ef-edit-exam__notice">
            {messageText(t, view.notice)}
          </p>
        ) : null}
        <Suspense fallback={<p role="status">{t('editExam.loading')}</p>}>
          <EditExamForm
            view={view}
            t={t}
            locale={pageLocale}
            onChange={(field, value) => actor.send({ type: 'field.change', field, value })}
            onSubmit={() => actor.send({ type: 'editExam.submit' })}
          >
            {view.listError ? (
              <p role="alert" className="ef-edit-exam__error">
                {messageText(t, view.listError)}{' '}
                <button
                  type="button"
                  className="ef-button ef-button--link"
                  onClick={() => actor.send({ type: 'editExam.retry' })}
                >
                  {t('editExam.retry')}
                </button>
              </p>
            ) : null}
            {view.emptyList ? <p className="ef-edit-exam__error">{t('editExam.emptyList')}</p> : null}
            <p role="status" className="ef-edit-exam__status">
              {view.listsBusy ? t('editExam.why.busy') : ''}
            </p>
            {view.feeDue > 0 ? (
              <p className="ef-edit-exam__fee">{t('editExam.feeNotice', { amount: view.feeDue })}</p>
            ) : null}
          </EditExamForm>
        </Suspense>
        <ModalLoader
          busy={busy}
          label={t(view.screen === 'redirecting' ? 'editExam.redirecting' : 'editExam.saving')}
        />
      </div>
    </Modal>
  );
}
