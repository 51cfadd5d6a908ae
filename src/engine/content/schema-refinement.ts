// A definition that refines another one's properties: `allOf: [{ $ref }]` beside `properties`
// (common.schema.json's htmlFaqItem: an FAQ entry whose answers are HTML). Validators read it as
// JSON Schema says; the Studio's form and its field names read it as one schema (decision 058).

type Node = { readonly [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `node` as one schema: the definition it refines, each refined property's keywords over that
 * definition's own, the rest of `node` beside; undefined when `node` refines nothing. `find` looks
 * a `$ref` up (in the schema the node belongs to).
 */
export function flattenRefinement<T extends object>(
  schema: T,
  find: (ref: string) => T | undefined,
): { schema: T; base: string } | undefined {
  const node = schema as Node;
  if (!Array.isArray(node.allOf) || node.allOf.length !== 1 || !isNode(node.properties)) return undefined;
  const [only] = node.allOf as unknown[];
  const ref = isNode(only) && typeof only.$ref === 'string' ? only.$ref : undefined;
  const base: unknown = ref ? find(ref) : undefined;
  if (!ref || !isNode(base) || !isNode(base.properties)) return undefined;
  const { allOf: _allOf, properties: refined, ...rest } = node;
  const properties: { [key: string]: unknown } = { ...base.properties };
  for (const [key, sub] of Object.entries(refined as Node))
    properties[key] = { ...(properties[key] as Node | undefined), ...(sub as Node) };
  return { schema: { ...base, ...rest, properties } as T, base: ref.replace(/^.*#\/definitions\//, '') };
}
