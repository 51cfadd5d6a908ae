// "What changes for students": the draft against the published file, in words; money apart.
import { focusField } from './field-focus';
import type { Change } from '../../engine/content/change-list';

const KIND_WORDS: Record<Change['kind'], string> = {
  text: 'Text changed',
  'block-added': 'Block added',
  'block-removed': 'Block removed',
  'block-moved': 'Block moved',
  'path-added': 'Address added',
  'path-removed': 'Address removed',
  'translation-missing': 'Translation missing',
  money: 'Amount changed',
  setting: 'Setting changed',
};

export function ChangeRow({ change, linked = true }: { change: Change; linked?: boolean }) {
  return (
    <>
      <span className="st-change__kind">{KIND_WORDS[change.kind]}</span>{' '}
      {linked && !change.kind.startsWith('block-removed') ? (
        <a
          href={`#${change.pointer}`}
          onClick={(event) => {
            event.preventDefault();
            focusField(change.pointer);
          }}
        >
          {change.label}
        </a>
      ) : (
        <span>{change.label}</span>
      )}
      {(change.before !== undefined || change.after !== undefined) && (
        <span className="st-change__values">
          {change.before !== undefined && <del>{change.before}</del>}
          {change.before !== undefined && change.after !== undefined && <span aria-hidden="true"> → </span>}
          {change.before !== undefined && change.after !== undefined && (
            <span className="ef-visually-hidden"> becomes </span>
          )}
          {change.after !== undefined && <ins>{change.after}</ins>}
        </span>
      )}
      {change.note && <span className="st-change__note">{change.note}</span>}
      {change.urls && change.urls.length > 0 && (
        // Every page path answers on every site: the first address, the others on demand.
        <div className="st-change__urls">
          <span>{change.urls[0]}</span>
          {change.urls.length > 1 && (
            <details className="st-more">
              <summary>and on {change.urls.length - 1} more sites</summary>
              <ul aria-label="Addresses affected">
                {change.urls.slice(1).map((url) => (
                  <li key={url}>{url}</li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
    </>
  );
}

/**
 * Changes in words, those to money apart at the top under a heading of `level`; `linked`: each
 * goes to its field in the form.
 */
export function ChangeList({
  changes,
  linked = true,
  level = 3,
}: {
  changes: Change[];
  linked?: boolean;
  level?: 3 | 4 | 5;
}) {
  const MoneyHeading = `h${level}` as const;
  const money = changes.filter((c) => c.money || c.kind === 'money');
  const rest = changes.filter((c) => !(c.money || c.kind === 'money'));
  return (
    <>
      {money.length > 0 && (
        <div className="st-changes__money">
          <MoneyHeading>Money students pay</MoneyHeading>
          <ul>
            {money.map((change, i) => (
              <li key={`m${i}`}>
                <ChangeRow change={change} linked={linked} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {rest.length > 0 && (
        <ul className="st-changes__list">
          {rest.map((change, i) => (
            <li key={i} className={`st-change st-change--${change.kind}`}>
              <ChangeRow change={change} linked={linked} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ChangePanel({
  changes,
  isNew,
  copiedFrom,
}: {
  changes: Change[];
  isNew: boolean;
  /** A new page's source (New variant from…): the changes are what differs from it. */
  copiedFrom?: string;
}) {
  return (
    <section className="st-changes" aria-labelledby="st-changes-title">
      <h2 id="st-changes-title">What changes for students</h2>
      {isNew && (
        <p>
          This is a new page: students do not see it until it is published.
          {copiedFrom && ` Below: what differs from the page it was copied from (${copiedFrom}).`}
        </p>
      )}
      {changes.length === 0 ? (
        <p>Nothing yet: students see the published page.</p>
      ) : (
        <ChangeList changes={changes} />
      )}
    </section>
  );
}
