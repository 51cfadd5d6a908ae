import { describe, expect, it } from 'vitest';
import iacst from '../../config/programmes/iacst.json';
import iat from '../../config/programmes/iat.json';
import type { Programme } from '../generated/config/programme';
import { editModes, modeAllowedInState, offlineSwitchFeeDue } from './exam-modes';

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

describe('editModes', () => {
  it('an offline programme offers only offline', () => {
    expect(editModes(iat as unknown as Programme)).toEqual(['Offline']);
    expect(editModes({ mode: 'offline', fee: { offlineSwitchFee: 200 } })).toEqual(['Offline']);
  });

  it('an online programme offers offline only when the config prices the switch', () => {
    expect(editModes({ mode: 'online', fee: {} })).toEqual(['Online']);
    expect(editModes({ mode: 'online', fee: { offlineSwitchFee: 0 } })).toEqual(['Online', 'Offline']);
    // iACST prices its offline switch (fee.offlineSwitchFee 100).
    expect(editModes(iacst as unknown as Programme)).toEqual(['Online', 'Offline']);
  });
});

describe('offlineSwitchFeeDue', () => {
  const online = iacst as unknown as Programme;
  it("an online student who has not paid owes the config's offlineSwitchFee", () => {
    expect(offlineSwitchFeeDue(online, { mode: 'Online', offlinePaid: false })).toBe(100);
  });

  it('nothing is due when already offline, already paid, or the config sets no fee', () => {
    expect(offlineSwitchFeeDue(online, { mode: 'Offline', offlinePaid: false })).toBe(0);
    expect(offlineSwitchFeeDue(online, { mode: 'Online', offlinePaid: true })).toBe(0);
    expect(offlineSwitchFeeDue({ mode: 'online', fee: {} }, { mode: 'Online', offlinePaid: false })).toBe(0);
  });
});
