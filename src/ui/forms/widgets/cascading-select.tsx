import { SelectInput, type SelectInputProps } from './select-input';

export type CascadingSelectProps = Omit<SelectInputProps, 'autoSelectSingle' | 'clearStale'>;

/**
 * One link of exam slot → state → centre → exam date: it drops a choice its new option list no
 * longer holds and picks a single option by itself. Clearing dependants when a parent changes is
 * the form's job (clearStaleChoices), since a select only owns its own value.
 */
export function CascadingSelect(props: CascadingSelectProps) {
  return <SelectInput {...props} autoSelectSingle clearStale />;
}
