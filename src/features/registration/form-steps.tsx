// Steps 2 and 3 of the registration card: @rjsf forms from the programme's form schemas, with
// examflow's theme and precompiled validators. This module (and the form library with it) loads
// only when step 2 opens. The machine keeps the truth: the forms show its context and send its
// events; the exam selects' lists and choices are the machine's.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { EventFrom } from 'xstate';
import { parseDob, showDob } from '../../domain/dates';
import { formatInr } from '../../domain/fees';
import type { Translate } from '../../engine/i18n';
import {
  examChain,
  onlineOnly,
  hasExamDetailsStep,
  isFree,
  offersCourseTypeSwitch,
  payableAmount,
  type RegistrationContext,
} from '../../machines/registration-model';
import type { ExamStepEvent } from '../../machines/registration-exam-machine';
import type { RegistrationDetailsMachine } from '../../machines/registration-details-machine';
import { rulesFor, type FormValues } from '../../ui/forms/form-rules';
import type { FormName } from '../../ui/forms/form-schema';
import { loadForm, type LoadedForm } from '../../ui/forms/load-form';
import { SchemaForm } from '../../ui/forms/schema-form';
import { useSendHeld } from '../../ui/forms/held-typing';
import { HeldTextInput } from '../../ui/forms/widgets/text-input';
import { messageText } from '../../machines/message';
import type { StepViewProps } from './card-state';
import { examFormValues } from './card-view';
import { classStreamLabel } from './class-stream-label';
import { SuccessStep } from './success-step';

type StepProps = StepViewProps;

/** The step's form: the screen the card's view model names (cardView: exam selects shown or not). */
export default function FormSteps({
  screen,
  ...props
}: StepProps & { screen: 'details' | 'exam' | 'success' }) {
  if (screen === 'success') return <SuccessStep {...props} />;
  return screen === 'details' ? <StudentDetailsStep {...props} /> : <ExamDetailsStep {...props} />;
}

/** The programme's form for a step, once its schema and validator have loaded. */
function useLoadedForm(name: FormName, programme: RegistrationContext['programme']) {
  const [loaded, setLoaded] = useState<LoadedForm | Error>();
  useEffect(() => {
    let live = true;
    loadForm(name, programme).then(
      (form) => live && setLoaded(form),
      (error: unknown) => live && setLoaded(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, [name, programme]);
  return loaded;
}

function Pending({ t, loaded }: { t: Translate; loaded: Error | undefined }) {
  return loaded ? (
    <p role="alert">{t('registration.optionsFailed')}</p>
  ) : (
    <p role="status" aria-live="polite">
      {t('registration.loading')}
    </p>
  );
}

/** Only the fields the form's schema has: its validator refuses any other property. */
function onlyFields(loaded: LoadedForm, values: FormValues): FormValues {
  const names = new Set(loaded.fields.map((f) => f.name));
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => names.has(key as never) && value),
  );
}

// ── Step 2: student details ───────────────────────────────────────────────────────────────────
function StudentDetailsStep({ parts, actors, t, locale }: StepProps) {
  const { context, details } = parts;
  const send = (event: EventFrom<RegistrationDetailsMachine>) => actors.details?.send(event);
  const { programme, student } = context;
  const loaded = useLoadedForm('student-details', programme);
  // What was typed before a reload (the step's draft), else what the card knows of the student.
  const [data, setData] = useState<FormValues>(
    () =>
      details?.context.draft ?? {
        studentName: student.studentName,
        fatherName: student.fatherName,
        email: student.email,
        dob: showDob(student.dob),
        classStream: student.classStream,
      },
  );
  const rules = useMemo(
    () =>
      loaded instanceof Error || !loaded
        ? {}
        : rulesFor(loaded.fields, { dobRange: programme.registration.dob }),
    [loaded, programme],
  );
  const classStreams = context.options.classStreams;
  const options = useMemo(
    () => ({
      classStream: (classStreams ?? []).map((c) => ({ value: c.stream, label: classStreamLabel(t, c) })),
    }),
    [classStreams, t],
  );
  const locked = useMemo(() => new Set<string>(context.locked), [context.locked]);
  if (!loaded || loaded instanceof Error) return <Pending t={t} loaded={loaded} />;
  const free = isFree(context);
  return (
    <SchemaForm
      id="registration-details"
      {...loaded}
      rules={rules}
      t={t}
      locale={locale}
      dobRange={programme.registration.dob}
      options={options}
      locked={locked}
      formData={onlyFields(loaded, data)}
      onChange={(values) => {
        setData(values);
        send({ type: 'details.draft', draft: values });
      }}
      onSubmit={(values) =>
        send({
          type: 'details.submit',
          details: {
            studentName: values.studentName ?? '',
            fatherName: values.fatherName ?? '',
            email: values.email ?? '',
            dob: parseDob(values.dob ?? '') ?? '',
            classStream: values.classStream ?? '',
          },
        })
      }
      submitLabel={t(
        hasExamDetailsStep(programme) ? 'form.next' : free ? 'form.submit' : 'registration.payAndRegister',
      )}
      loading={parts.at === 'signingUp' || (details?.matches('loadingClassStreams') ?? false)}
    >
      {details?.matches('failed') ? (
        <Notice role="alert">
          {messageText(t, context.optionsError)}{' '}
          <button
            type="button"
            className="ef-button ef-button--link"
            onClick={() => send({ type: 'classStreams.retry' })}
          >
            {t('registration.retry')}
          </button>
        </Notice>
      ) : null}
    </SchemaForm>
  );
}

// ── Step 3: exam details, coupon and payment ──────────────────────────────────────────────────
/**
 * The step's uiSchema with what this registration does not show hidden: the coupon (it has its
 * own Apply block), the payment method when nothing is payable, and the state and centre that
 * online-only presets.
 */
function withHidden(
  loaded: LoadedForm,
  only: { free: boolean; onlineOnly: boolean },
): LoadedForm['uiSchema'] {
  const hidden = loaded.fields
    .map((f) => f.name)
    .filter(
      (name) =>
        name === 'coupon' ||
        (name === 'paymentMethod' && only.free) ||
        ((name === 'state' || name === 'centre') && only.onlineOnly),
    );
  const ui = loaded.uiSchema;
  return {
    ...ui,
    ...Object.fromEntries(hidden.map((name) => [name, { ...ui[name], 'ui:widget': 'hidden' }])),
  };
}

const examFields = ['examSlot', 'state', 'centre', 'examDate', 'paymentMethod'] as const;

function ExamDetailsStep({ parts, actors, t, locale }: StepProps) {
  const { context, exam } = parts;
  const send = (event: ExamStepEvent) => actors.exam?.send(event);
  const { programme, options, coupon } = context;
  const loaded = useLoadedForm('exam-details', programme);
  const payable = payableAmount(context);
  const free = isFree(context);
  const chain = examChain(context);
  const listsBusy =
    !exam?.matches({ editing: { lists: 'idle' } }) && !exam?.matches({ editing: { lists: 'failed' } });
  const applying = exam?.matches({ editing: { coupon: 'applying' } }) ?? false;

  const online = onlineOnly(context);
  const uiSchema = useMemo(
    () => (!loaded || loaded instanceof Error ? undefined : withHidden(loaded, { free, onlineOnly: online })),
    [loaded, free, online],
  );
  const rules = useMemo(
    () =>
      !loaded || loaded instanceof Error
        ? {}
        : rulesFor(
            loaded.fields.filter((f) => f.name !== 'coupon'),
            { dobRange: programme.registration.dob, classStream: context.student.classStream },
          ),
    [loaded, programme, context.student.classStream],
  );
  const selectOptions = useMemo(
    () => ({
      examSlot: options.slots?.map((s) => ({ value: s.tid, label: s.name })),
      state: options.states?.map((s) => ({ value: s.tid, label: s.stateName })),
      centre: options.centres?.map((c) => ({ value: c.value, label: c.label })),
      examDate: options.dates?.map((d) => ({ value: d.value, label: d.label })),
      paymentMethod: programme.payment.methods,
    }),
    [options, programme],
  );
  if (!loaded || loaded instanceof Error || !uiSchema)
    return <Pending t={t} loaded={loaded instanceof Error ? loaded : undefined} />;

  // The selects show the machine's choices (card-view.ts), never their own.
  const current = examFormValues(context);
  const onChange = (next: FormValues) => {
    // The first changed choice is the event; the machine clears what depended on it.
    for (const field of examFields) {
      const value = next[field];
      if (value === undefined || value === current[field]) continue;
      if (field === 'paymentMethod') send({ type: 'payment.methodChange', method: value });
      else send({ type: 'field.change', field, value });
      return;
    }
  };
  const money = (amount: number) => `₹${formatInr(amount)}`;
  // A list that loaded empty (no centre in that state, no date open yet) is said, not left blank.
  const emptyList = chain.some((field) => (selectOptions[field]?.length ?? 1) === 0);
  // A programme without a fee (config) has nothing to discount or pay: no coupon, no fee rows.
  const charges = programme.fee.amount > 0;
  const hasCoupon = charges && loaded.fields.some((f) => f.name === 'coupon');

  return (
    <>
      <p>
        <button
          type="button"
          className="ef-button ef-button--link"
          onClick={() => send({ type: 'details.edit' })}
        >
          {t('registration.editDetails')}
        </button>
      </p>
      {offersCourseTypeSwitch(context) ? (
        <fieldset className="ef-register__choice">
          {/* The course the student wants, not how the test is taken (that is the slot's mode). */}
          <legend>{t('ui.courseType.legend')}</legend>
          {(['classroom', 'online'] as const).map((courseType) => (
            <label key={courseType}>
              <input
                type="radio"
                name="courseType"
                value={courseType}
                checked={context.exam.courseType === courseType}
                onChange={() => send({ type: 'courseType.change', courseType })}
              />{' '}
              {t(courseType === 'classroom' ? 'ui.courseType.classroom' : 'registration.courseOnline')}
            </label>
          ))}
        </fieldset>
      ) : null}
      <SchemaForm
        id="registration-exam"
        {...loaded}
        uiSchema={uiSchema}
        rules={rules}
        t={t}
        locale={locale}
        dobRange={programme.registration.dob}
        options={selectOptions}
        formData={onlyFields(loaded, current)}
        onChange={onChange}
        onSubmit={() => send({ type: free ? 'exam.submit' : 'payment.submit' })}
        submitLabel={t(free ? 'form.submit' : 'registration.payAndRegister')}
        loading={listsBusy || applying || parts.at === 'signingUp'}
      >
        {exam?.matches({ editing: { lists: 'failed' } }) ? (
          <Notice role="alert">
            {messageText(t, context.optionsError)}{' '}
            <button
              type="button"
              className="ef-button ef-button--link"
              onClick={() => send({ type: 'exam.retryOptions' })}
            >
              {t('registration.retry')}
            </button>
          </Notice>
        ) : emptyList && !listsBusy ? (
          // While a list loads the card's modal loader says so: no second "Loading…" here.
          <Notice role="status">{t('registration.noneOpen')}</Notice>
        ) : null}
        {chain.includes('centre') ? (
          <p>
            <button
              type="button"
              className="ef-button ef-button--link"
              disabled={!exam?.can({ type: 'exam.locate' })}
              onClick={() => send({ type: 'exam.locate' })}
            >
              {t('registration.nearestCentre')}
            </button>
          </p>
        ) : null}
        {context.locateError ? <Notice role="alert">{messageText(t, context.locateError)}</Notice> : null}
        {hasCoupon ? (
          <div className="ef-register__coupon">
            <HeldTextInput
              id="reg_coupon"
              label={t('form.coupon')}
              optionalText={t('form.optional')}
              value={coupon.code}
              maxLength={30}
              autoComplete="off"
              error={coupon.applied ? undefined : messageText(t, coupon.message)}
              // An edit drops an applied coupon, its message and its discount (the fee rows): at once.
              sendsAtOnce={() => Boolean(coupon.applied || coupon.message) || coupon.discount > 0}
              onChange={(code) => send({ type: 'coupon.change', code })}
            />
            <ApplyCoupon
              applying={applying}
              label={t('registration.applyCoupon')}
              onApply={() => send({ type: 'coupon.apply' })}
            />
            {coupon.applied && coupon.message ? (
              <Notice role="status">{messageText(t, coupon.message)}</Notice>
            ) : null}
          </div>
        ) : null}
        {charges ? (
          <dl className="ef-register__fees">
            <dt>{t('registration.fee')}</dt>
            <dd>{money(programme.fee.amount)}</dd>
            {coupon.discount > 0 ? (
              <>
                <dt>{t('registration.discount')}</dt>
                <dd>−{money(coupon.discount)}</dd>
              </>
            ) : null}
            <dt>{t('registration.payable')}</dt>
            <dd>{money(Math.max(payable, 0))}</dd>
          </dl>
        ) : null}
      </SchemaForm>
    </>
  );
}

/** Apply reads the coupon the student typed: the field's held keys reach the machine first. */
function ApplyCoupon({
  applying,
  label,
  onApply,
}: {
  applying: boolean;
  label: string;
  onApply: () => void;
}) {
  const sendHeld = useSendHeld();
  return (
    <button
      type="button"
      className="ef-button"
      disabled={applying}
      aria-busy={applying || undefined}
      onClick={() => {
        sendHeld();
        onApply();
      }}
    >
      {label}
    </button>
  );
}

function Notice({ role, children }: { role: 'alert' | 'status'; children: ReactNode }) {
  return (
    <p role={role} className="ef-register__note">
      {children}
    </p>
  );
}
