import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import { seasonal } from '../seed/commerce';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/** A PDF whose cross-reference table points at its objects: what readers need to open it. */
function expectValidPdf(body: Buffer): string {
  const text = body.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  expect(offsets.length).toBeGreaterThanOrEqual(6);
  offsets.forEach((offset, i) =>
    expect(text.slice(offset, offset + 12)).toMatch(new RegExp(`^${i + 1} 0 obj`)),
  );
  const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
  const start = text.indexOf('stream\n') + 'stream\n'.length;
  expect(text.slice(start + length, start + length + 10)).toBe('\nendstream');
  return text;
}

describe('GET /api/prospectus', () => {
  it('downloads a one-page PDF with the programme name as prospectus.pdf', async () => {
    const response = await t.call({ method: 'GET', url: '/api/prospectus?exam_type=iACST' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="prospectus.pdf"');
    const text = expectValidPdf(response.rawPayload);
    expect(text).toContain('(Instant Admission cum Scholarship Test)');
    expect(text).toContain('/Count 1');
  });

  it('uses the programme of the exam type, or of the host when none is given', async () => {
    const neet = await t.call({ method: 'GET', url: '/api/prospectus?exam_type=MOCK-NEET' });
    const name = t.app.ctx.site.programmes['mock-neet']?.name ?? 'missing';
    expect(expectValidPdf(neet.rawPayload)).toContain(`(${name})`);
    const byHost = await t.call({
      method: 'GET',
      url: '/api/prospectus',
      headers: { host: 'mock-neet.localhost:3000' },
    });
    expect(expectValidPdf(byHost.rawPayload)).toContain(`(${name})`);
    const pack = await t.call({ method: 'GET', url: '/api/prospectus?exam_type=SAMPLE-PACK' });
    expect(pack.rawPayload.toString('latin1')).toContain('Rs. 50 for 4 papers');
  });

  it('answers 404 for an unknown exam type and 400 for a malformed one', async () => {
    const unknown = await t.call({ method: 'GET', url: '/api/prospectus?exam_type=NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.data).toEqual({ success: 'false', msg: 'No prospectus for this exam type.' });
    for (const bad of ['%3Cscript%3E', "iACST'--", 'i%00ACST', 'x'.repeat(21)])
      expect((await t.call({ method: 'GET', url: `/api/prospectus?exam_type=${bad}` })).statusCode, bad).toBe(
        400,
      );
  });
});

describe('GET /api/course-content/:product_id', () => {
  it('downloads the course details as course_detail.pdf', async () => {
    const response = await t.call({ method: 'GET', url: '/api/course-content/NEET-C11-2Y' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="course_detail.pdf"');
    const text = expectValidPdf(response.rawPayload);
    expect(text).toContain(
      `(${seasonal('Two Year Integrated Classroom Course for NEET 2027', t.clock.now())})`,
    );
    expect(text).toContain('(Tuition Fee: Rs. 1,45,000)');
    expect(text).toContain('(COURSE FEATURES)');
  });

  it('escapes PDF string delimiters in course text', async () => {
    await t.db
      .updateTable('commerce_courses')
      .set({ course_highlights: 'Physics (mechanics) \\ Chemistry ₹ – “quoted”' })
      .where('product_id', '=', 'JEE-C11-2Y')
      .execute();
    const text = expectValidPdf(
      (await t.call({ method: 'GET', url: '/api/course-content/JEE-C11-2Y' })).rawPayload,
    );
    expect(text).toContain('(Physics \\(mechanics\\) \\\\ Chemistry Rs. - "quoted")');
  });

  it('answers 404 for a course without a document or an unknown course, 400 for a malformed id', async () => {
    expect((await t.call({ method: 'GET', url: '/api/course-content/NEET-C12-1Y' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/course-content/NOPE-1' })).data).toEqual({
      success: 'false',
      msg: 'This course has no course details document.',
    });
    for (const bad of ['neet-c11-2y', "NEET'--", '%3Cscript%3E', 'A'.repeat(41)])
      expect((await t.call({ method: 'GET', url: `/api/course-content/${bad}` })).statusCode, bad).toBe(400);
  });
});
