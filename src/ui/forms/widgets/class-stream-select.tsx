import { SelectInput, type SelectInputProps } from './select-input';

export type ClassStreamSelectProps = SelectInputProps;

/** Class & stream: a native select, deliberately not searchable (part 1 §2). */
export function ClassStreamSelect(props: ClassStreamSelectProps) {
  return <SelectInput {...props} />;
}
