// The flow's texts as Studio drafts (decision 057): a Hindi text that drops the English text's
// {placeholder}, or an English one that invents one, is refused at submission with a sentence at
// its text; a correct one goes through review and is served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApp, type ContentApp, type Doc } from './content.test-support';

let c: ContentApp;
beforeAll(async () => {
  c = await contentApp();
});
afterAll(async () => c?.t.close());

const stringsOf = (doc: Doc) => doc.strings as Record<string, string>;

describe('texts of the flow', () => {
  it('refuses a Hindi draft that drops {mobile}, saying so at that text', async () => {
    const saved = await c.edit(c.people.esha, 'i18n/hi.json', (doc) => {
      stringsOf(doc)['registration.otpSent'] = 'ओटीपी आपके नंबर पर भेजा गया।';
    });
    // A draft is work in progress: kept as typed.
    expect(saved.statusCode).toBe(200);
    const checked = await c.post(c.people.esha, '/validate', {
      drafts: [
        {
          path: 'i18n/hi.json',
          content: (await c.open(c.people.esha, 'i18n/hi.json', saved.data.number as number)).data.content,
        },
      ],
    });
    expect(checked.data.problems).toContainEqual({
      file: 'i18n/hi.json',
      pointer: '/strings/registration.otpSent',
      message: 'Keep {mobile} in this text, written exactly so: the page puts the real value there.',
    });
    const refused = await c.post(c.people.esha, '/versions/submit', {
      path: 'i18n/hi.json',
      number: saved.data.number,
      note: '',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.data).toMatchObject({ error: 'invalid', msg: expect.stringMatching(/fix the problems/) });
    expect(refused.data.problems).toEqual([
      {
        file: 'i18n/hi.json',
        pointer: '/strings/registration.otpSent',
        message: 'Keep {mobile} in this text, written exactly so: the page puts the real value there.',
      },
    ]);
  });

  it('refuses an English draft that invents a placeholder the page does not fill', async () => {
    const saved = await c.edit(c.people.eli, 'i18n/en.json', (doc) => {
      stringsOf(doc)['registration.heading'] = 'Register Now, {name}';
    });
    const refused = await c.post(c.people.eli, '/versions/submit', {
      path: 'i18n/en.json',
      number: saved.data.number,
      note: '',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.data.problems).toContainEqual({
      file: 'i18n/en.json',
      pointer: '/strings/registration.heading',
      message: '{name} is not filled in by the page here: remove it.',
    });
  });

  it('publishes a changed heading through review, and the site reads it', async () => {
    const saved = await c.edit(c.people.eli, 'i18n/en.json', (doc) => {
      stringsOf(doc)['registration.heading'] = 'Register Today';
    });
    expect(saved.statusCode).toBe(200);
    await c.publishVersion(c.people.eli, c.people.pia, 'i18n/en.json', saved.data.number as number);
    expect(c.t.app.ctx.site.strings.en?.['registration.heading']).toBe('Register Today');
  });
});
