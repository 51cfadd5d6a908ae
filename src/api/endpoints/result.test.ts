// The result page's `data` query parameter: base64 key/value pairs (part 1 §7), read without ever
// throwing on a broken link.
import { describe, expect, it } from 'vitest';
import { resultState } from '../../features/result/result-model';
import { answeredWith, refusal } from '../client.test-support';
import { fetchResult, resultBodyFromQuery, resultKey } from './result';

const b64 = (pairs: string) => Buffer.from(pairs).toString('base64');

describe('resultBodyFromQuery', () => {
  it('reads the pairs the server builds, a paper link with its ids', () => {
    expect(resultBodyFromQuery(b64('roll_number=250000000005&dob=30-04-2007'))).toEqual({
      roll_number: '250000000005',
      dob: '30-04-2007',
    });
    expect(
      resultBodyFromQuery(
        b64('roll_number=250000000013&dob=28-10-2006&exam_short_code=MJ-2&external_schedule_id=demo-1'),
      ),
    ).toEqual({
      roll_number: '250000000013',
      dob: '28-10-2006',
      exam_short_code: 'MJ-2',
      external_schedule_id: 'demo-1',
    });
  });

  it("drops unknown keys, and reads a link whose '+' became a space or that is base64url", () => {
    const data = b64('roll_number=250000000005&dob=30/04/2007&admin=1&x=>>>?');
    expect(data).toMatch(/[+/]/);
    const body = { roll_number: '250000000005', dob: '30/04/2007' };
    expect(resultBodyFromQuery(data)).toEqual(body);
    expect(resultBodyFromQuery(data.replace(/\+/g, ' '))).toEqual(body);
    expect(resultBodyFromQuery(data.replace(/\+/g, '-').replace(/\//g, '_'))).toEqual(body);
  });

  it.each([
    [null],
    [''],
    ['%%%'],
    ['not base64!'],
    [b64('roll_number=2500&dob=30-04-2007')],
    [b64('roll_number=250000000005')],
    [b64('dob=30-04-2007')],
    [b64('roll_number=250000000005&dob=yesterday')],
  ])('answers null for %j', (data) => {
    expect(resultBodyFromQuery(data)).toBeNull();
  });

  it('keys the swr cache by the whole request', () => {
    expect(resultKey({ roll_number: '250000000005', dob: '30-04-2007' })).not.toEqual(
      resultKey({ roll_number: '250000000005', dob: '30-04-2007', exam_short_code: 'X' }),
    );
  });
});

describe('fetchResult', () => {
  it("answers a 200's success 'false' with its message: shown as HTML (part 1 §8), not the not-ready screen", async () => {
    const body = { roll_number: '250000000005', dob: '30-04-2007' };
    const reply = await answeredWith(refusal('<b>Absent</b>: you did not take this test.'), (o) =>
      fetchResult(body, o),
    );
    expect(resultState({ data: reply, isLoading: false })).toEqual({
      status: 'failure',
      messageHtml: '<b>Absent</b>: you did not take this test.',
    });
  });
});
