import { describe, expect, it } from 'vitest';
import iacst from '../../config/programmes/iacst.json';
import iat from '../../config/programmes/iat.json';
import type { Profile } from '../generated/api/profile';
import type { Programme } from '../generated/config/programme';
import { onlineProfile } from '../../tests/fixtures/edit-exam';
import { editModes, modeAllowedInState, offlineFeeDue, type BookedForFee } from './exam-modes';

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

describe('offlineFeeDue: the one reading of "the offline fee is paid"', () => {
  const online = iacst as unknown as Programme;
  it('reads offline_fee_paid, never is_payment_done (the registration payment)', () => {
    // The profile on the wire is what the client passes, as is.
    const profile: BookedForFee = onlineProfile;
    expect(offlineFeeDue(online, profile)).toBe(100);
    const registrationPaid: Profile = { ...onlineProfile, is_payment_done: true };
    expect(offlineFeeDue(online, registrationPaid)).toBe(100);
    expect(offlineFeeDue(online, { ...onlineProfile, offline_fee_paid: true })).toBe(0);
    expect(offlineFeeDue(online, { ...onlineProfile, exam_mode: 'Offline' })).toBe(0);
    expect(offlineFeeDue({ mode: 'online', fee: {} }, onlineProfile)).toBe(0);
  });
});
