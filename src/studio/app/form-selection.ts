// Which part of the form the outline has chosen: each field asks whether it is shown (a React
// context, so choosing re-renders the fields' wrappers, never @rjsf's whole form).
import { createContext, useContext } from 'react';
import { shows, type OutlineEntry } from '../model/outline';

export type FormSelection = Pick<OutlineEntry, 'show' | 'hide'> | undefined;

export const FormSelectionContext = createContext<FormSelection>(undefined);

/** Whether the field at `pointer` is in the chosen part of the form. */
export function useShown(pointer: string): boolean {
  return shows(useContext(FormSelectionContext), pointer);
}
