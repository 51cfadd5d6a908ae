// Stands in for @x0k/json-schema-merge in the client bundle (decision 005): 3.9 KB gzip that
// @rjsf/utils calls only to merge an `allOf` into one schema (retrieveSchema, omitExtraData), and
// no form schema of examflow has one, or anything @rjsf turns into one (patternProperties, anyOf,
// oneOf, $ref with siblings): all-of-merge.test.ts checks schemas/forms. @rjsf/utils' shallowAllOfMerge.js
// builds its merger from these five when it loads; the merger refuses every call, by name.
// retrieveSchema catches the error and warns with it ("could not merge subschemas in allOf"),
// rendering the schema without its allOf: a form schema that needs allOf must drop this alias
// (scripts/lib/vite-client-config.ts).

const refuse = (): never => {
  throw new Error(
    'allOf is not supported in examflow forms: the client build replaces @x0k/json-schema-merge with src/ui/forms/stubs/all-of-merge.ts (decision 005); drop that alias to use allOf',
  );
};

export const createComparator = () => ({
  compareSchemaDefinitions: refuse,
  compareSchemaValues: refuse,
});
export const createMerger = () => ({ mergeArrayOfSchemaDefinitions: refuse });
export const createShallowAllOfMerge = () => refuse;
export const createDeduplicator = () => refuse;
export const createIntersector = () => refuse;
