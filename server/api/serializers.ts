// How the app compiles its reply serializers (fast-json-stringify), in place of Fastify's default.
//
// The default hands every shared schema (schemas/api, about 70 files) to every reply of every
// route, and fast-json-stringify validates each of them against the meta-schema on each build:
// about 0.8 s of CPU each time an app starts, most of a test's server start. Here a reply is
// compiled with only the shared schemas it refers to (followed through their own $refs), and a
// reply compiled once is reused, by every route and by the next app in the same process, as long as
// it refers to the very same schema objects.
import type { FastifyServerOptions } from 'fastify';
import fastJsonStringify, { type Schema as FjsSchema } from 'fast-json-stringify';

type Schema = FjsSchema;
type Serializer = (data: unknown) => string;
type SerializerFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']
>;

interface Compiled {
  /** The shared schema objects it was compiled with. */
  uses: Schema[];
  serialize: Serializer;
}

const compiled = new Map<string, Compiled[]>();

/** The shared schemas `schema` refers to, directly or through the ones it refers to, by $id. */
export function referencedSchemas<S>(schema: unknown, shared: Record<string, S>): Record<string, S> {
  const found: Record<string, S> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const id = value.split('#')[0];
        if (id && !(id in found) && shared[id]) {
          found[id] = shared[id];
          visit(shared[id]);
        }
      } else visit(value);
    }
  };
  visit(schema);
  return found;
}

const sameObjects = (a: Schema[], b: Schema[]) => a.length === b.length && a.every((s, i) => s === b[i]);

/** Fastify's `schemaController.compilersFactory.buildSerializer`. */
export const buildSerializerFactory: SerializerFactory = (shared, options = {}) => {
  return ({ schema: routeSchema }) => {
    const schema = routeSchema as Schema;
    // A reply schema with an $id of its own is not handed itself again (as Fastify's default does).
    const id = (schema as { $id?: unknown }).$id;
    const others = Object.fromEntries(
      Object.entries(shared as Record<string, Schema>).filter(([key]) => key !== id),
    );
    const refs = referencedSchemas(schema, others);
    const uses = Object.values(refs);
    const key = JSON.stringify([schema, Object.keys(refs), options]);
    const entries = compiled.get(key) ?? [];
    const known = entries.find((entry) => sameObjects(entry.uses, uses));
    if (known) return known.serialize;
    const serialize: Serializer = fastJsonStringify(schema, { ...options, schema: refs });
    compiled.set(key, [...entries, { uses, serialize }]);
    return serialize;
  };
};
