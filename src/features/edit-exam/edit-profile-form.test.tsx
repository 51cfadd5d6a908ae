// @vitest-environment jsdom
// The profile update form by role and label: the profile's board, city and school preset, a city
// clearing the school, Save disabled saying why and enabled once something changed, axe clean.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import en from '../../../config/i18n/en.json';
import { createTranslator } from '../../engine/i18n';
import type { MasterDataQuery, MasterDataReply } from '../../generated/api/master-data';
import type { MasterSchoolsParams, MasterSchoolsReply } from '../../generated/api/master-schools';
import type { UiStringTable } from '../../generated/config/i18n';
import { editProfileMachine } from '../../machines/edit-profile-machine';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { onlineProfile } from '../../../tests/fixtures/edit-exam';
import { EditProfileForm } from './edit-profile-form';

const t = createTranslator(en.strings as UiStringTable);
afterEach(() => cleanup());

function setup() {
  const update = vi.fn(async () => ({ success: 'true' as const, msg: 'Your profile has been updated.' }));
  const machine = editProfileMachine.provide({
    actors: {
      loadMaster: fromPromise<MasterDataReply, MasterDataQuery>(async ({ input }) => ({
        success: 'true',
        msg: 'Success',
        data:
          input.masterKey === 'exam_board'
            ? [{ name: 'CBSE' }, { name: 'ICSE' }]
            : [{ name: 'Delhi' }, { name: 'Pune' }],
      })),
      loadSchools: fromPromise<MasterSchoolsReply, MasterSchoolsParams>(async ({ input }) => ({
        success: 'true',
        data:
          input.city === 'Delhi'
            ? [
                { short_school_name: 'Modern', full_school_name: 'Modern School', school_code: 'SCH001' },
                { short_school_name: 'DPS', full_school_name: 'Delhi Public School', school_code: 'SCH002' },
              ]
            : [
                { short_school_name: 'A', full_school_name: 'Pune School A', school_code: 'SCH101' },
                { short_school_name: 'B', full_school_name: 'Pune School B', school_code: 'SCH102' },
              ],
      })),
      updateProfile: fromPromise(() => update()),
    },
  });
  const actor = createActor(machine, { input: { profile: onlineProfile } }).start();
  render(<EditProfileForm actor={actor} t={t} />);
  return { update };
}

describe('edit-profile form', () => {
  it('presets the profile, says why Save waits, and saves once something changed', async () => {
    const user = userEvent.setup();
    const { update } = setup();
    const form = screen.getByRole('form', { name: 'Your school' });
    await within(form).findByRole('option', { name: 'Delhi Public School' });
    expect((within(form).getByLabelText('School board') as HTMLSelectElement).value).toBe('CBSE');
    expect((within(form).getByLabelText('City') as HTMLSelectElement).value).toBe('Delhi');
    expect((within(form).getByLabelText('School') as HTMLSelectElement).value).toBe('SCH001');
    const save = within(form).getByRole('button', { name: 'Save school details' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(document.getElementById(save.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Change your board, city or school first.',
    );
    expect(await seriousViolations(form)).toEqual([]);

    await user.selectOptions(within(form).getByLabelText('City'), 'Pune');
    await within(form).findByRole('option', { name: 'Pune School B' });
    // The city cleared the school: choose one.
    expect((within(form).getByLabelText('School') as HTMLSelectElement).value).toBe('');
    expect(document.getElementById(save.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Choose the board, the city and the school first.',
    );
    await user.selectOptions(within(form).getByLabelText('School'), 'SCH102');
    expect(save.disabled).toBe(false);
    await user.click(save);
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(await seriousViolations(form)).toEqual([]);
  });
});
