import { describe, expect, it } from 'vitest';
import { buildSerializerFactory, referencedSchemas } from './serializers';

const common = {
  $id: 'common.schema.json',
  definitions: { errorReply: { type: 'object', properties: { msg: { type: 'string' } } } },
};
const student = {
  $id: 'student.schema.json',
  definitions: {
    reply: {
      type: 'object',
      properties: { name: { type: 'string' }, error: { $ref: 'common.schema.json#/definitions/errorReply' } },
    },
  },
};
const unrelated = { $id: 'unrelated.schema.json', definitions: { x: { type: 'string' } } };
const shared = {
  'common.schema.json': common,
  'student.schema.json': student,
  'unrelated.schema.json': unrelated,
};
const route = (schema: object) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('reply serializers', () => {
  it('are compiled with only the shared schemas a reply refers to, followed through their own refs', () => {
    expect(
      Object.keys(referencedSchemas({ $ref: 'student.schema.json#/definitions/reply' }, shared)),
    ).toEqual(['student.schema.json', 'common.schema.json']);
    expect(
      referencedSchemas({ type: 'object', properties: { a: { $ref: '#/definitions/a' } } }, shared),
    ).toEqual({});
  });

  it('serialize what the schema allows, through a shared schema', () => {
    const serialize = buildSerializerFactory(
      shared,
      {},
    )(route({ $ref: 'student.schema.json#/definitions/reply' }));
    expect(JSON.parse(serialize({ name: 'Asha', secret: 'x', error: { msg: 'm', other: 1 } }))).toEqual({
      name: 'Asha',
      error: { msg: 'm' },
    });
  });

  it('are reused by the next app only while it holds the very same shared schemas', () => {
    const schema = { $ref: 'common.schema.json#/definitions/errorReply' };
    const first = buildSerializerFactory(shared, {})(route(schema));
    expect(buildSerializerFactory({ ...shared }, {})(route({ ...schema }))).toBe(first);
    // Same $id, another object (a test app with its own schemas): compiled again, from that object.
    const changed = {
      ...common,
      definitions: { errorReply: { type: 'object', properties: { code: { type: 'integer' } } } },
    };
    const second = buildSerializerFactory({ ...shared, 'common.schema.json': changed }, {})(route(schema));
    expect(second).not.toBe(first);
    expect(JSON.parse(second({ msg: 'm', code: 3 }))).toEqual({ code: 3 });
  });
});
