// Publishing was refused because the file changed on disk since the draft was opened (another
// person, a git pull). Both versions are shown as the changes between them, in words, and the person
// keeps theirs, takes the disk's, or chooses change by change. Nothing typed is lost: the result is
// one more undo step over the draft.
import { useMemo, useState } from 'react';
import type { Hosts } from '../../generated/config/hosts';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import { ChangeRow } from './change-panel';
import { getAt, pathOf, setAt } from './json-path';
import { changeList, type Change } from '../../engine/content/change-list';
import type { ConfigKind } from '../../engine/content/schema-labels';
import type { Json } from './studio-api';

type Side = 'mine' | 'disk';

/** The disk's version with the changes chosen as 'mine' taken from mine. */
export function mergeChoices(disk: Json, mine: Json, changes: Change[], choices: Side[]): Json {
  let result = disk;
  changes.forEach((change, i) => {
    if (choices[i] !== 'mine') return;
    const path = pathOf(change.pointer);
    // A block or address added, removed or moved: the whole list is taken, as a piece.
    const structural = change.kind.startsWith('block-') || change.kind.startsWith('path-');
    const at = structural ? path.slice(0, 1) : path;
    result = setAt(result, at, getAt(mine, at));
  });
  return result;
}

export function ConflictView({
  mine,
  disk,
  hosts,
  kind,
  onResolve,
}: {
  mine: Json;
  disk: { content: Json; version: string } | null;
  hosts: Hosts;
  kind: ConfigKind;
  onResolve(content: Json, baseVersion: string | null, message: string): void;
}) {
  const changes = useMemo(
    () =>
      disk
        ? // Missing translations are not a difference between the two versions: nothing to choose.
          changeList(disk.content as unknown as Landing | Programme, mine as unknown as Landing | Programme, {
            hosts,
            kind,
          }).filter((c) => c.kind !== 'translation-missing')
        : [],
    [disk, mine, hosts, kind],
  );
  const [choices, setChoices] = useState<Side[]>(() => changes.map(() => 'mine'));
  return (
    <section className="st-conflict" aria-labelledby="st-conflict-title" tabIndex={-1} id="st-conflict">
      <h2 id="st-conflict-title">Someone else changed this page while you were editing</h2>
      {disk === null ? (
        <>
          <p>This page was deleted after you opened it. Your version is kept here.</p>
          <div className="st-actions">
            <button
              type="button"
              className="st-button"
              onClick={() => onResolve(mine, null, 'Your version is kept as a draft of a new page.')}
            >
              Keep mine (as a new draft)
            </button>
          </div>
        </>
      ) : (
        <>
          <p>
            Nothing you typed is lost. Below is each place where your version and the one published meanwhile
            differ. Choose which to keep, then check the preview: your draft is saved again.
          </p>
          <div className="st-actions">
            <button
              type="button"
              className="st-button"
              onClick={() => onResolve(mine, disk.version, 'Kept all of your version.')}
            >
              Keep all of mine
            </button>
            <button
              type="button"
              className="st-button st-button--secondary"
              onClick={() =>
                onResolve(
                  disk.content,
                  disk.version,
                  'Took the version published meanwhile. Undo brings yours back.',
                )
              }
            >
              Take all of theirs
            </button>
          </div>
          {changes.length === 0 ? (
            <p>The two versions are the same.</p>
          ) : (
            <>
              <ol className="st-conflict__list">
                {changes.map((change, i) => (
                  <li key={i}>
                    <fieldset>
                      <legend>
                        <ChangeRow
                          change={{ ...change, before: undefined, after: undefined }}
                          linked={false}
                        />
                      </legend>
                      <p className="st-conflict__versions">
                        <span>Published meanwhile: {change.before ?? '(not there)'}</span>
                        <span>Yours: {change.after ?? '(not there)'}</span>
                      </p>
                      {(['mine', 'disk'] as const).map((side) => (
                        <label key={side} className="st-radio">
                          <input
                            type="radio"
                            name={`st-conflict-${i}`}
                            checked={choices[i] === side}
                            onChange={() => setChoices((c) => c.map((v, j) => (j === i ? side : v)))}
                          />
                          {side === 'mine' ? 'Keep mine' : 'Take theirs'}
                        </label>
                      ))}
                    </fieldset>
                  </li>
                ))}
              </ol>
              <button
                type="button"
                className="st-button"
                onClick={() =>
                  onResolve(
                    mergeChoices(disk.content, mine, changes, choices),
                    disk.version,
                    'Merged your choices. Check the preview; the draft is saved again.',
                  )
                }
              >
                Use my choices
              </button>
            </>
          )}
        </>
      )}
    </section>
  );
}
