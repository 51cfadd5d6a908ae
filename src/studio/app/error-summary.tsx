// The problems of the draft, each linked to its field (GOV.UK's error summary): in words, and the
// same problems `npm run validate:config` would report (they come from the file API's validate).
import { useEffect, useRef } from 'react';
import { focusField } from './field-focus';
import { friendlyMessage, problemField, problemPlace } from '../model/friendly-message';
import { usePageNames } from './page-names';
import type { Json, Problem } from './studio-api';

export function ErrorSummary({
  problems,
  file,
  doc,
  focusOnChange = false,
}: {
  problems: Problem[];
  file: string;
  /** The draft: its blocks' types name the fields. */
  doc: Json;
  focusOnChange?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Another page's problem (publish reruns the whole site's check) is placed by its title.
  const names = usePageNames();
  useEffect(() => {
    if (focusOnChange && problems.length > 0) box.current?.focus();
  }, [focusOnChange, problems]);
  if (problems.length === 0) return null;
  return (
    <div className="st-error-summary" ref={box} tabIndex={-1} aria-labelledby="st-error-summary-title">
      <h2 id="st-error-summary-title">
        {problems.length === 1
          ? 'There is 1 problem to fix before publishing'
          : `There are ${problems.length} problems to fix before publishing`}
      </h2>
      <ul>
        {problems.map((problem, i) => {
          const text = friendlyMessage(problem, problem.file === file ? doc : undefined, names);
          return (
            <li key={`${problem.file}${problem.pointer}${i}`}>
              {problem.file === file ? (
                <a
                  href={`#${problemField(problem)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    focusField(problemField(problem));
                  }}
                >
                  {text}
                </a>
              ) : (
                <span>
                  {problemPlace(problem, names)}: {text}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
