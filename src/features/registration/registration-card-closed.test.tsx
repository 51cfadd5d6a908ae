// @vitest-environment jsdom
// Nothing open: when no exam date is open for registration, the card says so as soon as
// it is on the page, before the student types anything, in the page's language. The machine is the
// real one; whether a date is open is the app's answer (GET /api/exam/open), stood in for here.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../config/i18n/en.json';
import hi from '../../../config/i18n/hi.json';
import mockNeet from '../../../config/programmes/mock-neet.json';
import site from '../../../config/site.json';
import { registrationCardData } from '../../engine/registration-card';
import type { UiStringTable } from '../../generated/config/i18n';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import type { Site } from '../../generated/config/site';
import { registrationMachine } from '../../machines/registration-machine';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { PRERENDER_INPUT, RegistrationCardRoot } from './registration-card-root';

afterEach(cleanup);

function show(open: boolean, locale: 'en' | 'hi' = 'en') {
  const data = registrationCardData({
    site: site as unknown as Site,
    programme: mockNeet as unknown as Programme,
    landing: { variantKey: 'default', locale } as Landing,
    block: { type: 'registration-card' },
    path: '/mock-neet-exam',
    strings: (locale === 'hi' ? hi : en).strings as UiStringTable,
    headingId: 'reg-heading',
  });
  return render(
    <main>
      <RegistrationCardRoot
        data={data}
        machine={registrationMachine}
        input={PRERENDER_INPUT}
        checkOpen={async () => open}
      />
    </main>,
  );
}

describe('registration card: no exam date open', () => {
  it('says so before anything is typed, beside an untouched mobile field', async () => {
    const { container } = show(false);
    const notice = await screen.findByText(
      'No exam date is open for registration right now. Please come back later.',
    );
    expect(notice.getAttribute('role')).toBe('status');
    expect((screen.getByRole('textbox', { name: /^Mobile number/ }) as HTMLInputElement).value).toBe('');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it("in the page's language", async () => {
    show(false, 'hi');
    expect(await screen.findByText(hi.strings['registration.noDateOpen'])).toBeTruthy();
  });

  it('says nothing when a date is open', async () => {
    show(true);
    await screen.findByRole('textbox', { name: /^Mobile number/ });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText(en.strings['registration.noDateOpen'])).toBeNull();
  });
});
