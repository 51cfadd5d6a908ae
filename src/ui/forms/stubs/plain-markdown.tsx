// Stands in for markdown-to-jsx/react in the client bundle (decision 005). @rjsf/core renders
// markdown only where a uiSchema sets enableMarkdownInDescription, which examflow's form schemas
// never do (and where it would, text is safer than parsed markup): the text is shown as it is.
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <span>{children}</span>;
}
