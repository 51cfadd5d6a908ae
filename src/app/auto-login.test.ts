// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { autoLoginUrl, withCampaign } from './auto-login';

describe('withCampaign', () => {
  it('adds the UTM parameters to the auto-login link, keeping roll_no and dob', () => {
    const link = withCampaign(autoLoginUrl('/', '250000000001', '2008-01-05'), {
      utm_source: 'google',
      utm_campaign: 'neet',
    });
    const url = new URL(link);
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('roll_no')).toBe('250000000001');
    expect(url.searchParams.get('dob')).toBe('05-01-2008');
    expect(url.searchParams.get('utm_source')).toBe('google');
    expect(url.searchParams.get('utm_campaign')).toBe('neet');
  });

  it('leaves a link without campaign parameters as it was', () => {
    expect(withCampaign('https://mock-neet.example.com/?roll_no=1&dob=05-01-2008', {})).toBe(
      'https://mock-neet.example.com/?roll_no=1&dob=05-01-2008',
    );
  });
});
