import { describe, expect, it } from 'vitest';
import type { Hosts } from '../generated/config/hosts';
import { normaliseHost, resolveProfile } from './hosts';

const hosts: Hosts = {
  $schema: '',
  defaultProfile: 'iacst',
  profiles: [
    {
      id: 'iacst',
      programme: 'iacst',
      hosts: ['localhost', 'iacst.example.com'],
      registerPath: '/iacstexam',
    },
    {
      id: 'neet',
      programme: 'mock-neet',
      hosts: ['mock-neet.localhost', '*.neet.example.com'],
      registerPath: '/iacstexam',
    },
    {
      id: 'digital',
      programme: 'iacst',
      hosts: ['digital.localhost'],
      registerPath: '/adst',
      variantOverride: { variantKey: 'iacst_adst', forVariants: ['iacst_repeater_neet'] },
    },
  ],
};

describe('normaliseHost', () => {
  it.each([
    ['Mock-NEET.localhost:3000', 'mock-neet.localhost'],
    ['localhost', 'localhost'],
    ['example.com.', 'example.com'],
  ])('%s → %s', (header, expected) => expect(normaliseHost(header)).toBe(expected));

  it.each([undefined, '', 'bad host', 'a..b', '-x.com', '<script>', 'x'.repeat(300), 'evil.com/path'])(
    'rejects the malformed host %j',
    (header) => expect(normaliseHost(header)).toBeUndefined(),
  );
});

describe('resolveProfile', () => {
  it('picks the profile of an exact host, ignoring case and port', () => {
    expect(resolveProfile(hosts, 'MOCK-NEET.localhost:3000').id).toBe('neet');
    expect(resolveProfile(hosts, 'digital.localhost').id).toBe('digital');
  });
  it('matches *.name patterns on sub-domains only', () => {
    expect(resolveProfile(hosts, 'www.neet.example.com').id).toBe('neet');
    expect(resolveProfile(hosts, 'a.b.neet.example.com').id).toBe('neet');
    expect(resolveProfile(hosts, 'neet.example.com').id).toBe('iacst');
    expect(resolveProfile(hosts, 'xneet.example.com').id).toBe('iacst');
  });
  it('falls back to the default profile for unknown or malformed hosts', () => {
    expect(resolveProfile(hosts, 'unknown.example.org').id).toBe('iacst');
    expect(resolveProfile(hosts, '%%%').id).toBe('iacst');
    expect(resolveProfile(hosts, undefined).id).toBe('iacst');
  });
});
