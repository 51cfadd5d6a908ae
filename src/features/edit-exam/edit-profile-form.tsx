// The profile update (part 2 §7 "POST profile update"): the school board, city and school as native
// selects, and Save, disabled (saying why) until all three are chosen and one changed. It shows the
// machine's view and sends its events; the city → school rule is the machine's.
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Translate } from '../../engine/i18n';
import type { EditProfileMachine, ProfileField } from '../../machines/edit-profile-machine';
import { messageText } from '../../machines/message';
import { SelectInput } from '../../ui/forms/widgets/select-input';
import { editProfileView } from './edit-profile-view';
import './edit-exam.css';

export interface EditProfileFormProps {
  actor: ActorRefFrom<EditProfileMachine>;
  t: Translate;
}

const labels = { board: 'editExam.board', city: 'editExam.city', school: 'editExam.school' } as const;
const whyKeys = {
  busy: 'editExam.why.busy',
  incomplete: 'editExam.why.profileIncomplete',
  unchanged: 'editExam.why.profileUnchanged',
} as const;

export function EditProfileForm({ actor, t }: EditProfileFormProps) {
  const view = useSelector(actor, editProfileView, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const id = useId();
  const headingId = `${id}-heading`;
  const whyId = `${id}-why`;
  const { submit } = view;
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <form
      className="ef-form ef-edit-exam"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // Save is disabled while it saves and after (nothing changed yet): focus stays in the
        // dialog, on this form's heading (so Escape still closes it), never on the page's body.
        if (submit.enabled) heading.current?.focus();
        actor.send({ type: 'profile.submit' });
      }}
    >
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {t('editExam.profileHeading')}
      </h3>
      {(['board', 'city', 'school'] as const satisfies readonly ProfileField[]).map((field) => (
        <SelectInput
          key={field}
          id={`${id}-${field}`}
          label={t(labels[field])}
          required
          disabled={view.saving}
          value={view.fields[field].value || undefined}
          options={view.fields[field].options}
          placeholder={t('form.selectPlaceholder')}
          onChange={(value) => actor.send({ type: 'field.change', field, value: value ?? '' })}
        />
      ))}
      {view.listError ? (
        <p role="alert" className="ef-edit-exam__error">
          {messageText(t, view.listError)}{' '}
          <button
            type="button"
            className="ef-button ef-button--link"
            onClick={() => actor.send({ type: 'profile.retry' })}
          >
            {t('editExam.retry')}
          </button>
        </p>
      ) : null}
      <button
        type="submit"
        className="ef-button ef-button--primary ef-edit-exam__submit"
        disabled={!submit.enabled}
        aria-busy={view.saving || undefined}
        aria-describedby={submit.why ? whyId : undefined}
      >
        {t('editExam.saveProfile')}
      </button>
      {submit.why ? (
        <p id={whyId} className="ef-why">
          {t(whyKeys[submit.why])}
        </p>
      ) : null}
    </form>
  );
}
