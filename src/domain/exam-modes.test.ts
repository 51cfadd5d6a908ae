import { describe, expect, it } from 'vitest';
import iacst from '../../config/programmes/iacst.json';
import iat from '../../config/programmes/iat.json';
import type { Programme } from '../generated/config/programme';
import { modeAllowedInState } from './exam-modes';

describe('modeAllowedInState', () => {
  const online = iacst as unknown as Programme;
  it('iACST is held only offline in Gujarat, and online everywhere else (config offlineOnlyStates)', () => {
    expect(modeAllowedInState(online, 'Offline', 'GJ')).toBe(true);
    expect(modeAllowedInState(online, 'Online', 'GJ')).toBe(false);
    expect(modeAllowedInState(online, 'Online', 'DL')).toBe(true);
    expect(modeAllowedInState(online, 'Offline', 'DL')).toBe(false);
  });

  it('a programme without offline-only states allows every pairing', () => {
    const offline = iat as unknown as Programme;
    expect(modeAllowedInState(offline, 'Offline', 'GJ')).toBe(true);
    expect(modeAllowedInState(offline, 'Online', 'DL')).toBe(true);
    expect(
      modeAllowedInState({ mode: 'offline', registration: { offlineOnlyStates: ['GJ'] } }, 'Offline', 'DL'),
    ).toBe(true);
  });
});
