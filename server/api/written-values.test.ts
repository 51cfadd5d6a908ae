// The request's values read as people write them, by the domain's rules, before any schema sees them.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerWrittenValues } from './written-values';

async function echo(body: Record<string, string>, query = '') {
  const app = Fastify();
  registerWrittenValues(app);
  app.post('/api/echo/:pincode', async (request) => ({
    body: request.body,
    query: request.query,
    params: request.params,
  }));
  const reply = await app.inject({ method: 'POST', url: `/api/echo/400%20053${query}`, payload: body });
  await app.close();
  return reply.json<{
    body: Record<string, string>;
    query: Record<string, string>;
    params: Record<string, string>;
  }>();
}

describe('written values', () => {
  it('reads mobiles, dates of birth, pincodes and names as the pages do', async () => {
    const { body, query, params } = await echo(
      {
        mobile_no: '+91 98111 22334',
        dob: '1/1/2010',
        student_dob: ' 14.08.2009',
        date_of_birth: '05 01 2008',
        student_pincode: '110 005',
        student_name: '  Devi   Rao ',
        father_name: 'Suresh  Rao',
      },
      '?mobile=0091-98111-22334',
    );
    expect(body).toEqual({
      mobile_no: '9811122334',
      dob: '01/01/2010',
      student_dob: '14/08/2009',
      date_of_birth: '05/01/2008',
      student_pincode: '110005',
      student_name: 'Devi Rao',
      father_name: 'Suresh Rao',
    });
    expect(query).toEqual({ mobile: '9811122334' });
    expect(params).toEqual({ pincode: '400053' });
  });

  it('leaves what it cannot read for the schema to refuse: never another value', async () => {
    const { body } = await echo({
      mobile: '+91 98111 223345',
      dob: '31/02/2010',
      student_dob: '1/1/20',
      date_of_birth: 'yesterday',
      pincode: '110 0051',
      email: '  a@b.co ',
    });
    expect(body).toEqual({
      // Every digit kept, never cut into another number: the schema refuses 13 digits.
      mobile: '9198111223345',
      dob: '31/02/2010',
      student_dob: '1/1/20',
      date_of_birth: 'yesterday',
      pincode: '110 0051',
      email: '  a@b.co ',
    });
  });
});
