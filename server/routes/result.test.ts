import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../services/exams/sanitize-html';
import { percentileOf } from '../services/results/scoring';
import { testApp, type TestApp } from '../../tests/support/server-harness';

const START = new Date('2026-03-10T06:30:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: START });
});
afterAll(async () => t.close());

type Row = Record<string, unknown>;
const result = (payload: unknown, remoteAddress = '10.1.0.1') =>
  t.call({ method: 'POST', url: '/api/result', payload: payload as object, remoteAddress });

/** The key/value pairs in the result page's data query, as the client posts them. */
function pairsOf(resultUrl: string): Record<string, string> {
  const data = decodeURIComponent(resultUrl.replace('/iacst-result?data=', ''));
  return Object.fromEntries(new URLSearchParams(Buffer.from(data, 'base64').toString()));
}

describe('POST /api/result', () => {
  it('answers the released result with its score card, charts and analysis', async () => {
    const response = await result({ roll_number: '250000000005', dob: '30-04-2007' });
    expect(response.statusCode).toBe(200);
    expect(response.data.msg).toBe('Result found.');
    const data = response.data.data as Row;
    expect(data).toMatchObject({
      result_page_status: true,
      analysis_tab_status: true,
      rollno: '250000000005',
      PSID: 'PS00000005',
      Name: 'Rohan Gupta',
      Fname: 'Sanjay Gupta',
      stream: 'Medical',
      ClassOpted: '12',
      OverallScorePercentage: '75.0',
      Status: 'Qualified',
      qualified: true,
      ScholarshipPercentage: '60',
      rank_to_check_in_template: '2', // Vihaan (250000000007) scored 60 of 60 on the same paper
      branch_contact_info: { phone_no: '011-4762-3456' },
      digital_only: false,
      subject_labels: ['Physics', 'Chemistry', 'Biology'],
      score_th: [
        'Subject',
        'Questions',
        'Attempted',
        'Correct',
        'Wrong',
        'Marks',
        'Max. marks',
        'Percentile',
      ],
    });
    expect(data.score).toEqual([
      ['Physics', '5', '5', '4', '1', '15', '20', '75.0'],
      ['Chemistry', '5', '5', '4', '1', '15', '20', '75.0'],
      ['Biology', '5', '5', '4', '1', '15', '20', '75.0'],
      ['Total', '15', '15', '12', '3', '45', '60', '75.0'],
    ]);
    expect(data.score_data_sets).toEqual([
      { label: 'Your score (%)', data: [75, 75, 75] },
      { label: 'Highest score (%)', data: [100, 100, 100] },
      { label: 'Percentile', data: [75, 75, 75] },
    ]);
    expect((data.rpa as string[][])[0]).toEqual([
      'Physics',
      '15=Your marks',
      '20=Highest marks',
      '75.0=Percentile',
      '80.0%=Accuracy',
    ]);
    expect(data.result_message).toContain('<strong>60% scholarship</strong>');
    expect(String(data.PreparationLevelText)).toMatch(/^Good/);
  });

  it("says when the student's branch is the digital-only one (IC006), as the dashboard does", async () => {
    const response = await result({ roll_number: '250000000008', dob: '11-12-2010' });
    expect(response.statusCode).toBe(200);
    expect(response.data.data).toMatchObject({ rollno: '250000000008', digital_only: true });
  });

  it('percentile is score × 100 / highest score, to 1 decimal', async () => {
    expect(percentileOf(45, 60)).toBe(75);
    expect(percentileOf(1, 3)).toBe(33.3);
    expect(percentileOf(2, 3)).toBe(66.7);
    expect(percentileOf(-3, 10)).toBe(0);
    expect(percentileOf(5, 0)).toBe(0);
    // Ishita scored 5 of 60 on the foundation paper; the highest on it (Saanvi) is 48.
    const low = (await result({ roll_number: '250000000006', dob: '18/08/2010' })).data.data as Row;
    const total = (low.score as string[][]).at(-1);
    expect(total).toEqual(['Total', '15', '12', '3', '9', '3', '60', '6.3']);
    expect(low).toMatchObject({
      Status: 'Not Qualified',
      qualified: false,
      ScholarshipPercentage: '0',
      rank_to_check_in_template: '2',
      OverallScorePercentage: '5.0',
    });
  });

  it('refuses a wrong date of birth or an unknown roll number, and limits guesses', async () => {
    const wrong = await result({ roll_number: '250000000005', dob: '01/05/2007' }, '10.1.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.data).toEqual({
      success: 'false',
      msg: 'The roll number and date of birth do not match our records.',
    });
    const unknown = await result({ roll_number: '999999999999', dob: '30/04/2007' }, '10.1.0.2');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.data.msg).toBe(wrong.data.msg);
    for (let i = 0; i < 5; i++) await result({ roll_number: '250000000005', dob: '02/05/2007' }, '10.1.0.3');
    const locked = await result({ roll_number: '250000000005', dob: '30/04/2007' }, '10.1.0.3');
    expect(locked.statusCode).toBe(429);
    expect((await result({ roll_number: '250000000005', dob: '30/04/2007' }, '10.1.0.4')).statusCode).toBe(
      200,
    );
  });

  it('before release: result_page_status false and the "available soon" message; after the delay: the result', async () => {
    const response = await result({ roll_number: '250000000004', dob: '09/11/2008' });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({
      success: 'true',
      msg: 'Your result would be available soon.',
      data: {
        result_page_status: false,
        analysis_tab_status: false,
        result_expected_at: '2026-03-10T10:00:00.000Z',
      },
    });
    t.clock.advance(3.5 * 3_600_000);
    expect(
      ((await result({ roll_number: '250000000004', dob: '09/11/2008' })).data.data as Row)
        .result_page_status,
    ).toBe(true);
    t.clock.set(START);
  });

  it('answers 404 when there is no result to show', async () => {
    const none = await result({ roll_number: '250000000001', dob: '05/01/2008' });
    expect(none.statusCode).toBe(404);
  });

  it('takes the pairs of a JEE paper result link; the analysis opens at 6 PM on the result day', async () => {
    const dash = await t.call({
      method: 'GET',
      url: '/api/dashboard',
      headers: await t.login('250000000013', '28/10/2006'),
    });
    const series = (dash.data.data as Row).mock_jee_series as Row[];
    const paper = ((series[1] as Row).papers as Row[])[1] as Row;
    const { exam_short_code, external_schedule_id } = paper.exam_data as Row;
    const opened = await t.call({
      method: 'POST',
      url: '/api/test-launch',
      payload: { exam_short_code, external_schedule_id },
      headers: await t.login('250000000013', '28/10/2006'),
    });
    const pairs = pairsOf(String((opened.data.data as Row).result_url));
    const data = (await result(pairs)).data.data as Row;
    expect(data).toMatchObject({
      result_page_status: true,
      analysis_tab_status: true,
      test_name: 'Mock Test 2 – Paper 2',
      OverallScorePercentage: '50.0',
    });
    expect(data.ScholarshipPercentage).toBe('0'); // no scholarship in a mock series
    expect((await result({ ...pairs, external_schedule_id: 'demo-250000000013-test-9' })).statusCode).toBe(
      404,
    );
  });

  it('sanitises the stored message to the allow-list', async () => {
    await t.db
      .updateTable('exam_results')
      .set({
        message_html:
          '<p onclick="x()">Hi <b>there</b><script>alert(1)</script><img src=x onerror=alert(2)>' +
          '<a href="javascript:alert(3)">bad</a> <a href="https://www.example.com/x?a=1&b=2" target="_blank">ok</a>' +
          '<a href="java&#x09;script:alert(4)">tab</a><style>p{}</style><iframe src="/x"></iframe>',
      })
      .where('student_id', '=', 'demo-250000000007')
      .execute();
    const data = (await result({ roll_number: '250000000007', dob: '02/02/2008' })).data.data as Row;
    expect(data.result_message).toBe(
      '<p>Hi <b>there</b><a>bad</a> <a href="https://www.example.com/x?a=1&amp;b=2">ok</a><a>tab</a></p>',
    );
  });

  it.each([
    [{ roll_number: '250000000005' }],
    [{ dob: '30/04/2007' }],
    [{ roll_number: '25000000000', dob: '30/04/2007' }],
    [{ roll_number: '250000000005', dob: '2007/04/30' }],
    [{ roll_number: '250000000005', dob: '30/04/2007', admin: true }],
    [{ roll_number: "250000000005' OR 1=1", dob: '30/04/2007' }],
    [{ roll_number: 250000000005, dob: '30/04/2007' }],
    [{ roll_number: '250000000005', dob: '30/04/2007', exam_short_code: '<script>' }],
  ])('answers bad input %j with 400', async (body) => {
    const response = await result(body, '10.1.0.9');
    expect(response.statusCode).toBe(400);
    expect(response.data.success).toBe('false');
  });
});

describe('sanitizeHtml', () => {
  it.each([
    // No markup at all: DOMPurify hands it back as it is (a lone & reads the same as HTML).
    ['plain & simple', 'plain & simple'],
    ['plain & <b>bold</b>', 'plain &amp; <b>bold</b>'],
    // Parsed as the browser parses it (DOMPurify over jsdom): a new <li> closes the open one.
    ['<ul><li>one<li>two</ul>', '<ul><li>one</li><li>two</li></ul>'],
    ['<b>unclosed', '<b>unclosed</b>'],
    ['</p>stray', 'stray'],
    ['<a href="/dashboard">home</a>', '<a href="/dashboard">home</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<a href="/\\evil.example">x</a>', '<a>x</a>'],
    ['<a href="tel:18000000000">call</a>', '<a href="tel:18000000000">call</a>'],
    ['<!-- c --><br/>x', '<br>x'],
    ['a < b > c', 'a &lt; b &gt; c'],
    ['<svg><script>1</script></svg>ok', 'ok'],
    // Text outside an attribute needs no escaped quote: the browser's serialiser leaves it.
    ['"quoted"', '"quoted"'],
    // The server does not know its host: only a site path is the own origin for a video.
    ['<video src="/media/a.mp4"></video>', '<video src="/media/a.mp4" controls=""></video>'],
    ['<video src="https://evil.example/a.mp4"></video>x', 'x'],
  ])('%s → %s', async (input, output) => {
    expect(await sanitizeHtml(input)).toBe(output);
  });
});
