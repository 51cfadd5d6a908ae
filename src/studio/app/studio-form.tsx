// The editor's form: @rjsf/core with its full registry, and the studio's own array controls (add a
// block of any type, remove with undo, move by keyboard and by dragging), labels in words, the
// other language's text beside each text, an image picker and money fields that ask first.
import Form, { getDefaultRegistry } from '@rjsf/core';
import type {
  ArrayFieldItemTemplateProps,
  ArrayFieldTemplateProps,
  ErrorSchema,
  FieldTemplateProps,
  RJSFSchema,
  TitleFieldProps,
  UiSchema,
  ValidatorType,
  Widget,
  WidgetProps,
} from '@rjsf/utils';
import { createContext, memo, useContext, useId, useState, type DragEvent, type ReactNode } from 'react';
import { getAt, insertItem, isObject, moveItem, pointerOf, setAt, type JsonPath } from './json-path';
import { missingReason } from '../../engine/content/translations';
import { HeldTyping, type HeldKeys } from '../../ui/forms/held-typing';
import { heldWidget } from './held-widget';
import { focusField, revealField } from './field-focus';
import { itemLabel, singular } from './item-label';
import { useShown } from './form-selection';
import { ImagePicker } from './image-picker';
import { couponFields } from './studio-coupon-fields';
import { usePageNames } from './page-names';
import { blockName } from '../../engine/content/field-words';
import { blockSchema, blockTypes, RICH_TEXT } from './schema-bundle';
import { RichTextWidget } from './rich-text-widget';
import { LOCALE_NAMES, TranslationsContext, type StudioFormContext } from './studio-form-context';
import { STATE_WORDS } from './translation-status';
import type { Json } from './studio-api';

const defaults = getDefaultRegistry();
const DefaultFieldTemplate = defaults.templates.FieldTemplate;

/** Why a translation is missing, in words, by the language of the draft's own text. */
const MISSING_WORDS = {
  hi: {
    absent: 'Missing Hindi text',
    empty: 'Hindi text is empty',
    'not-hindi': 'Not translated yet (no Hindi script)',
  },
  en: {
    absent: 'Not on the Hindi page yet',
    empty: 'Empty on the Hindi page',
    'not-hindi': 'Not translated on the Hindi page yet',
  },
} as const;

/** What an array template tells each of its items: its data and the list's name. */
const ItemContext = createContext<{ items: unknown[]; listName: string }>({ items: [], listName: 'Entries' });

/** What an array item is called in its controls: a block by its type, an entry by its text. */
function describeItem(item: Json | undefined, arrayTitle: string, index: number): string {
  if (isObject(item)) {
    if (typeof item.type === 'string') return `${index + 1}. ${blockName(item.type)} block`;
    for (const key of ['heading', 'title', 'label', 'text', 'mode']) {
      const value = item[key];
      if (typeof value === 'string' && value.trim()) {
        const short = value.length > 40 ? `${value.slice(0, 40)}…` : value;
        return `${index + 1}. ${short}`;
      }
    }
  }
  return `${itemLabel(`${arrayTitle}-${index + 1}`)}`;
}

function FieldTemplate(props: FieldTemplateProps<unknown, RJSFSchema, StudioFormContext>) {
  const label = itemLabel(props.label);
  const inner = <DefaultFieldTemplate {...props} label={label} />;
  if (props.hidden) return inner;
  // A field only a developer changes (field-words.ts) stays one click away, not among marketing's.
  if (props.uiSchema?.['ui:options']?.technical)
    return (
      <details className="st-technical" open={(props.rawErrors?.length ?? 0) > 0 || undefined}>
        <summary>Technical details: {label}</summary>
        {inner}
      </details>
    );
  // One shape whether or not the other language is shown beside it: the other page arrives after
  // the field first shows, and a new parent would remount the field (and drop its held keys).
  return (
    <FieldWithPair label={label} props={props}>
      {inner}
    </FieldWithPair>
  );
}

/** A field, and beside it its text in the other language (or what is missing there), if any. */
function FieldWithPair({
  label,
  props,
  children,
}: {
  label: string;
  props: FieldTemplateProps<unknown, RJSFSchema, StudioFormContext>;
  children: ReactNode;
}) {
  const translations = useContext(TranslationsContext);
  const pair = translations.at(pointerOf(props.fieldPathId.path));
  const other = translations.counterpart;
  const otherLocale = other?.locale ?? (props.registry.formContext.pageLocale() === 'hi' ? 'en' : 'hi');
  const otherName = LOCALE_NAMES[otherLocale] ?? otherLocale;
  const ownText = typeof props.formData === 'string' ? props.formData : undefined;
  const reason = !pair
    ? undefined
    : pair.side === 'hi'
      ? missingReason(pair.other, ownText)
      : missingReason(ownText, pair.other);
  const missing =
    pair && reason
      ? MISSING_WORDS[pair.side][reason]
      : translations.stale?.(pointerOf(props.fieldPathId.path))
        ? STATE_WORDS.stale
        : '';
  const shown = pair && (other || missing);
  // Outside the part of the page the outline has chosen: kept, not shown.
  const inView = useShown(pointerOf(props.fieldPathId.path));
  return (
    <div className={shown ? 'st-pair' : undefined} hidden={!inView}>
      {children}
      {shown && (
        <div className="st-pair__other" aria-label={`${otherName} text of ${label}`} role="note">
          <span className="st-pair__locale">{otherName}</span>
          {other && (
            <p lang={otherLocale} className="st-pair__text">
              {pair.other || <em>(none)</em>}
            </p>
          )}
          {missing && <p className="st-badge st-badge--warn">{missing}</p>}
        </div>
      )}
    </div>
  );
}

function ArrayFieldTemplate(props: ArrayFieldTemplateProps<unknown, RJSFSchema, StudioFormContext>) {
  const { fieldPathId, registry, schema, title, items, canAdd, onAddClick, disabled, readonly } = props;
  const context = registry.formContext;
  const path = fieldPathId.path;
  const isBlocks = path.length === 1 && path[0] === 'blocks';
  const name = itemLabel(props.uiSchema?.['ui:title'] ?? title ?? schema.title ?? 'Entries');
  const count = Array.isArray(props.formData) ? props.formData.length : 0;
  const one = singular(name).toLowerCase();
  const list = Array.isArray(props.formData) ? props.formData : [];
  return (
    <fieldset className="st-array" id={fieldPathId.$id} tabIndex={-1}>
      <legend className="st-array__legend">{name}</legend>
      {schema.description && <p className="st-help">{schema.description}</p>}
      <ItemContext.Provider value={{ items: list, listName: name }}>
        <ol className="st-array__items">{items}</ol>
      </ItemContext.Provider>
      {isBlocks ? (
        <AddBlock context={context} count={count} disabled={disabled || readonly} />
      ) : (
        canAdd && (
          <button
            type="button"
            className="st-button st-button--secondary"
            disabled={disabled || readonly}
            onClick={(event) => {
              onAddClick(event);
              context.announce(`Added ${one} ${count + 1} to ${name}.`, { undo: true });
            }}
          >
            Add {one}
          </button>
        )
      )}
    </fieldset>
  );
}

function AddBlock({
  context,
  count,
  disabled,
}: {
  context: StudioFormContext;
  count: number;
  disabled?: boolean;
}) {
  const id = useId();
  const [type, setType] = useState(blockTypes()[0] ?? 'hero');
  const [position, setPosition] = useState('end');
  const draft = context.getDraft();
  const blocks = getAt(draft, ['blocks']);
  const list = Array.isArray(blocks) ? blocks : [];
  const add = () => {
    const index = position === 'end' ? count : Number(position) + 1;
    const schema = blockSchema(type);
    // The block's own defaults (e.g. an FAQ's id), its required texts left for the person to write.
    const block: { [key: string]: Json } = { type };
    for (const [key, sub] of Object.entries((schema?.properties ?? {}) as Record<string, { default?: Json }>))
      if (sub.default !== undefined && key !== 'type') block[key] = sub.default;
    context.edit(
      (d) => insertItem(d, ['blocks'], index, block),
      `Added a ${blockName(type)} block at position ${index + 1}.`,
    );
    // The outline chooses the new block, and its first field takes the focus.
    requestAnimationFrame(() => focusField(`/blocks/${index}`));
  };
  return (
    <div className="st-add-block" role="group" aria-labelledby={`${id}-title`}>
      <span id={`${id}-title`} className="st-add-block__title">
        Add a block
      </span>
      <label htmlFor={`${id}-type`}>Type</label>
      <select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value)} disabled={disabled}>
        {blockTypes().map((t) => (
          <option key={t} value={t}>
            {blockName(t)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-where`}>Where</label>
      <select
        id={`${id}-where`}
        value={position}
        onChange={(e) => setPosition(e.target.value)}
        disabled={disabled}
      >
        <option value="end">At the end</option>
        {list.map((block, i) => (
          <option key={i} value={String(i)}>
            After {describeItem(block, 'Block', i)}
          </option>
        ))}
      </select>
      <button type="button" className="st-button st-button--secondary" onClick={add} disabled={disabled}>
        Add block
      </button>
    </div>
  );
}

const DRAG_TYPE = 'application/x-studio-item';

function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps<unknown, RJSFSchema, StudioFormContext>) {
  const { children, buttonsProps, index, totalItems, registry, hasToolbar } = props;
  const context = registry.formContext;
  const [over, setOver] = useState(false);
  const itemPath = buttonsProps.fieldPathId.path;
  const arrayPath = itemPath.slice(0, -1);
  const arrayId = buttonsProps.fieldPathId.$id.replace(/_\d+$/, '');
  const arrayPointer = pointerOf(arrayPath);
  const { items, listName } = useContext(ItemContext);
  const name = describeItem(items[index] as Json | undefined, listName, index);
  const inView = useShown(pointerOf(itemPath));
  const move = (to: number) => {
    if (to < 0 || to >= totalItems) return;
    (to < index ? buttonsProps.onMoveUpItem : buttonsProps.onMoveDownItem)();
    // The entry keeps being the one shown (a block chosen in the outline follows it).
    requestAnimationFrame(() => revealField(pointerOf([...arrayPath, to])));
    context.announce(`Moved ${name} to position ${to + 1} of ${totalItems}.`);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const raw = event.dataTransfer.getData(DRAG_TYPE);
    const [pointer, from] = raw.split('|');
    if (pointer !== arrayPointer || from === undefined) return;
    const source = Number(from);
    if (source === index) return;
    context.edit(
      (d) => moveItem(d, arrayPath, source, index),
      `Moved item ${source + 1} to position ${index + 1}.`,
    );
  };
  return (
    <li
      hidden={!inView}
      className={`st-item${over ? ' st-item--over' : ''}`}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(DRAG_TYPE)) {
          event.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      {hasToolbar && (
        <div className="st-item__bar">
          <span
            className="st-item__handle"
            draggable
            title="Drag to move"
            aria-hidden="true"
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TYPE, `${arrayPointer}|${index}`);
              event.dataTransfer.effectAllowed = 'move';
            }}
          >
            ⠿
          </span>
          <span className="st-item__name">{name}</span>
          <span className="st-item__buttons">
            {buttonsProps.hasMoveUp || buttonsProps.hasMoveDown ? (
              <>
                <button
                  type="button"
                  className="st-icon-button"
                  aria-label={`Move ${name} up`}
                  disabled={!buttonsProps.hasMoveUp}
                  onClick={() => move(index - 1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="st-icon-button"
                  aria-label={`Move ${name} down`}
                  disabled={!buttonsProps.hasMoveDown}
                  onClick={() => move(index + 1)}
                >
                  ↓
                </button>
              </>
            ) : null}
            {buttonsProps.hasRemove && (
              <button
                type="button"
                className="st-icon-button st-icon-button--danger"
                aria-label={`Remove ${name}`}
                onClick={() => {
                  // An entry that holds money (the coupon question, a repeater class) asks first.
                  void context.confirmMoney(pointerOf(itemPath), items[index], undefined).then((ok) => {
                    if (!ok) return;
                    buttonsProps.onRemoveItem();
                    context.announce(`Removed ${name}.`, { undo: true });
                    requestAnimationFrame(() => document.getElementById(arrayId)?.focus());
                  });
                }}
              >
                ✕
              </button>
            )}
          </span>
        </div>
      )}
      <div className="st-item__body">{children}</div>
    </li>
  );
}

function ImageWidget(props: WidgetProps<unknown, RJSFSchema, StudioFormContext>) {
  const { id, value, onChange, registry, required, disabled, readonly } = props;
  const [open, setOpen] = useState(false);
  const src = typeof value === 'string' ? value : '';
  return (
    <div className="st-image">
      {src && <img className="st-image__thumb" src={src} alt="" width={64} height={64} />}
      <input
        id={id}
        className="st-input"
        value={src}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        aria-describedby={`${id}__error ${id}__description ${id}__help`}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      />
      <button
        type="button"
        className="st-button st-button--secondary"
        onClick={() => setOpen(true)}
        disabled={disabled}
      >
        Choose image…
      </button>
      {open && (
        <ImagePicker
          api={registry.formContext.api}
          current={src}
          onClose={() => setOpen(false)}
          onPick={(picked, size, alt) => {
            setOpen(false);
            // An image object's width, height and (a new image's) description follow the file:
            // one edit of the draft with its src (rjsf's onChange would send its older copy after).
            const parentId = id.replace(/_src$/, '');
            if (parentId === id) {
              onChange(picked);
              registry.formContext.announce(`Chose ${picked}.`);
              return;
            }
            const path = parentId
              .replace(/^root_?/, '')
              .split('_')
              .filter(Boolean)
              .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
            const fields: [string, Json | undefined][] = [
              ['src', picked],
              ['width', size?.width],
              ['height', size?.height],
              ['alt', alt],
            ];
            registry.formContext.edit(
              (draft) =>
                fields.reduce<Json>(
                  (next, [key, value]) => (value === undefined ? next : setAt(next, [...path, key], value)),
                  draft,
                ),
              `Chose ${picked}.`,
            );
          }}
        />
      )}
    </div>
  );
}

/** The field a widget edits, from rjsf's id ("root_fee_amount" → "/fee/amount"). */
export function widgetPointer(id: string): string {
  return pointerOf(
    id
      .replace(/^root_?/, '')
      .split('_')
      .filter(Boolean)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
  );
}

const UNIT_SIGNS: Record<string, { before?: string; after?: string }> = {
  rupees: { before: '₹' },
  percent: { after: '%' },
  days: { after: 'days' },
};

/**
 * A fee, price, percent or a text that decides one (a repeater class): typed freely, confirmed when
 * the person leaves the field, with its unit beside it (₹ before rupees, % after a percent).
 */
function MoneyWidget(props: WidgetProps<unknown, RJSFSchema, StudioFormContext>) {
  const { id, value, onChange, registry, required, disabled, readonly, options, schema } = props;
  const numeric = schema.type === 'integer' || schema.type === 'number';
  // A coupon's first and last day: the browser's date input (its value is YYYY-MM-DD).
  const date = options.moneyUnit === 'date';
  const committed = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? committed;
  const unit = typeof options.moneyUnit === 'string' ? options.moneyUnit : '';
  const sign =
    UNIT_SIGNS[unit] ?? (typeof options.moneyNoun === 'string' ? { after: options.moneyNoun } : {});
  const commit = async () => {
    if (text === null || text === committed) return setText(null);
    const next = text.trim() === '' ? undefined : numeric ? Number(text) : text;
    if (typeof next === 'number' && !Number.isFinite(next)) return setText(null);
    const ok = await registry.formContext.confirmMoney(widgetPointer(id), value, next);
    if (ok) onChange(next);
    setText(null);
  };
  return (
    <div className="st-money">
      {sign.before && <span aria-hidden="true">{sign.before}</span>}
      <input
        id={id}
        className="st-input"
        type={numeric ? 'number' : date ? 'date' : 'text'}
        inputMode={numeric ? 'numeric' : undefined}
        value={shown}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        placeholder={props.placeholder || undefined}
        aria-describedby={`${id}__error ${id}__description ${id}__help ${id}__money`}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void commit();
          }
        }}
      />
      {sign.after && <span aria-hidden="true">{sign.after}</span>}
      <span className="st-money__note" id={`${id}__money`}>
        Decides what students pay: you will be asked to confirm a change.
      </span>
    </div>
  );
}

/**
 * Fee components a scholarship lowers, a coupon's classes: one box each, each tick confirmed before
 * it applies. `choiceWords` names a value in words; with `noneMeans`, no box ticked leaves the field
 * empty (a coupon for every class: its help says so).
 */
function MoneyChoicesWidget(props: WidgetProps<unknown, RJSFSchema, StudioFormContext>) {
  const { id, value, onChange, registry, disabled, readonly, options } = props;
  const chosen = Array.isArray(value) ? value.map(String) : [];
  const all = (options.enumOptions ?? []).map((o) => String(o.value));
  const words = (options.choiceWords ?? {}) as Record<string, string>;
  const noneMeans = options.noneMeans === true;
  const toggle = async (choice: string, on: boolean) => {
    const ticked = all.filter((c) => (c === choice ? on : chosen.includes(c)));
    const next = noneMeans && ticked.length === 0 ? undefined : ticked;
    if (await registry.formContext.confirmMoney(widgetPointer(id), value, next)) onChange(next);
  };
  return (
    <div className="st-money st-money--choices" id={id} role="group" aria-label={props.label}>
      {all.map((choice, i) => (
        <label key={choice} className="st-check">
          <input
            type="checkbox"
            id={`${id}-${i}`}
            checked={chosen.includes(choice)}
            disabled={disabled || readonly}
            onChange={(e) => void toggle(choice, e.target.checked)}
          />{' '}
          {words[choice] ?? choice}
        </label>
      ))}
      <span className="st-money__note">
        Decides what students pay: you will be asked to confirm a change.
      </span>
    </div>
  );
}

/** The English page a Hindi page translates, chosen by its title and address (never a file name). */
function EnglishPageWidget(props: WidgetProps<unknown, RJSFSchema, StudioFormContext>) {
  const { id, value, onChange, disabled, readonly } = props;
  const names = usePageNames();
  const pages = (names?.landings ?? []).filter((l) => l.locale === 'en');
  const chosen = typeof value === 'string' ? value : '';
  return (
    <select
      id={id}
      className="st-input"
      value={chosen}
      disabled={disabled || readonly || !names}
      aria-describedby={`${id}__error ${id}__description ${id}__help`}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    >
      <option value="">{names ? 'None: this page translates no other page' : 'Loading the pages…'}</option>
      {/* A page named here but gone keeps its name, so nothing changes until the user chooses. */}
      {chosen && names && !pages.some((p) => p.path === chosen) && <option value={chosen}>{chosen}</option>}
      {pages.map((page) => (
        <option key={page.path} value={page.path}>
          {page.title} ({page.paths.join(', ')})
        </option>
      ))}
    </select>
  );
}

const Select = defaults.widgets.SelectWidget as Widget<unknown, RJSFSchema, StudioFormContext>;

/** A choice that is money for some values (a registration question that is the coupon box). */
function MoneySelectWidget(props: WidgetProps<unknown, RJSFSchema, StudioFormContext>) {
  const { id, value, onChange, registry } = props;
  return (
    <Select
      {...props}
      onChange={(next: unknown) => {
        void registry.formContext.confirmMoney(widgetPointer(id), value, next).then((ok) => {
          if (ok) onChange(next);
        });
      }}
    />
  );
}

const DefaultTitleField = defaults.templates.TitleFieldTemplate;

/** An entry's own heading in words: "Entries-1" → "Entry 1". */
function TitleFieldTemplate(props: TitleFieldProps<unknown, RJSFSchema, StudioFormContext>) {
  return <DefaultTitleField {...props} title={itemLabel(props.title)} />;
}

const templates = { FieldTemplate, ArrayFieldTemplate, ArrayFieldItemTemplate, TitleFieldTemplate };
// Typed texts hold their keys (the form layer's held typing): a keystroke re-renders its field, not
// the form, the preview and the change list; those follow the draft after the typist's pause.
/**
 * @rjsf's own widget of that name, holding its keys; the keys it sends go through the editor
 * (formContext.typed), which has the preview ask for them before @rjsf redraws the form.
 */
function held(name: string) {
  const widget = defaults.widgets[name];
  if (!widget) throw new Error(`@rjsf has no ${name}`);
  return told(widget as Widget<unknown, RJSFSchema, StudioFormContext>, name);
}

/** A widget holding its keys, which it sends through the editor (formContext.typed). */
function told(widget: Widget<unknown, RJSFSchema, StudioFormContext>, name: string) {
  const Held = heldWidget(widget);
  function Told(props: WidgetProps<unknown, RJSFSchema, StudioFormContext>) {
    const { id, value, onChange, registry } = props;
    // The keys sent while the form's redraw waits for the preview: the field keeps showing them.
    const [sent, setSent] = useState<{ value: unknown } | null>(null);
    return (
      <Held
        {...props}
        value={sent ? sent.value : value}
        onChange={(next: unknown) => {
          setSent({ value: next });
          registry.formContext.typed(id, value, next, () => {
            // One render: the form's value and the field's, together.
            setSent(null);
            onChange(next);
          });
        }}
      />
    );
  }
  Told.displayName = `Told(${Held.displayName ?? name})`;
  return Told;
}
const DefaultSelectWidget = defaults.widgets.SelectWidget as Widget<unknown, RJSFSchema, StudioFormContext>;

/** rjsf's select, and for the choice of a field's kind (oneOf) a label it does not draw itself. */
function SelectWidget(props: WidgetProps<unknown, RJSFSchema, StudioFormContext>) {
  if (!props.id.endsWith('__oneof_select')) return <DefaultSelectWidget {...props} />;
  return (
    <>
      <label className="ef-visually-hidden" htmlFor={props.id}>
        {props.label}: which kind
      </label>
      <DefaultSelectWidget {...props} />
    </>
  );
}

const widgets = {
  SelectWidget,
  TextWidget: held('TextWidget'),
  TextareaWidget: held('TextareaWidget'),
  URLWidget: held('URLWidget'),
  EmailWidget: held('EmailWidget'),
  image: ImageWidget,
  'english-page': EnglishPageWidget,
  money: MoneyWidget,
  'money-choices': MoneyChoicesWidget,
  'money-select': MoneySelectWidget,
  [RICH_TEXT]: told(RichTextWidget, 'RichTextWidget'),
};

export interface StudioFormProps {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: Json;
  errors: ErrorSchema<unknown>;
  context: StudioFormContext;
  onChange(data: Json, fieldId?: string): void;
  /** The schema's precompiled validator (studio-validator.ts). */
  validator: ValidatorType<unknown, RJSFSchema>;
  /** The fields' held keys, which the editor's Submit sends first. */
  heldKeys?: HeldKeys;
}

/** The generated form over one config file's draft. */
export const StudioForm = memo(function StudioForm({
  schema,
  uiSchema,
  formData,
  errors,
  context,
  onChange,
  validator,
  heldKeys,
}: StudioFormProps) {
  return (
    <HeldTyping keys={heldKeys}>
      <Form<unknown, RJSFSchema, StudioFormContext>
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        validator={validator}
        extraErrors={errors}
        formContext={context}
        templates={templates}
        widgets={widgets}
        fields={couponFields}
        showErrorList={false}
        noHtml5Validate
        onChange={(event, id) => onChange(event.formData as Json, id)}
        experimental_defaultFormStateBehavior={{
          emptyObjectFields: 'skipDefaults',
          arrayMinItems: { populate: 'never' },
        }}
      />
    </HeldTyping>
  );
});

export type { JsonPath };
