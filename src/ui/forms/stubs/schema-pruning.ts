// Stands in for @rjsf/utils' omitExtraData.js and toPathSchema.js in the client bundle (decision
// 005): about 1.5 KB gzip that @rjsf calls only when a form prunes data its schema does not name
// (the `omitExtraData` prop, and the deprecated Form methods getUsedFormData and getFieldNames
// built on a path schema). No examflow form sets that prop (schema-pruning.test.ts checks every
// form), and nothing else reaches them: each refuses by name, so a form that starts to prune fails
// at once and says how to bring them back (drop the build's stand-in, scripts/lib/vite-client-config.ts).

const refuse = (name: string) => (): never => {
  throw new Error(
    `@rjsf's ${name} is not in examflow's client build: src/ui/forms/stubs/schema-pruning.ts stands in for it (decision 005); drop that stand-in to use omitExtraData`,
  );
};

export default refuse('omitExtraData');
export const getUsedFormData = refuse('getUsedFormData');
export const getFieldNames = refuse('getFieldNames');
export const toPathSchema = refuse('toPathSchema');

/** @rjsf's own rule (omitExtraData.js), kept whole: removeOptionalEmptyObjects still calls it. */
export function isValueEmpty(value: unknown): boolean {
  if (value == null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isValueEmpty);
  return false;
}
