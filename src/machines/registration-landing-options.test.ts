// An online-only landing (part 2 §2: pages under /adst): the landing fixes the course type.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Programme } from '../generated/config/programme';
import { registrationMachine } from './registration-machine';
import { offersCourseTypeSwitch, type RegistrationInput } from './registration-model';
import { buildSignupBody } from './registration-signup-machine';

const programme = (id: string): Programme =>
  JSON.parse(
    readFileSync(path.join(__dirname, '../../config/programmes', `${id}.json`), 'utf8'),
  ) as Programme;
const iacst = programme('iacst');
const mockNeet = programme('mock-neet');

const start = (input: Partial<RegistrationInput> = {}) => {
  const actor = createActor(registrationMachine, {
    input: { programme: iacst, registrationPage: 'iACST', ...input },
  });
  actor.start();
  return actor;
};

describe('an online-only landing (fixedCourseType)', () => {
  it('starts on the online course type and does not offer the switch', () => {
    const { context } = start({ registrationPage: 'iacst_adst', fixedCourseType: 'online' }).getSnapshot();
    expect(context.exam.courseType).toBe('online');
    expect(offersCourseTypeSwitch(context)).toBe(false);
    expect(buildSignupBody(context).exam_mode).toBe('Online');
  });

  it('leaves the switch to the student on the other pages of the programme', () => {
    const { context } = start().getSnapshot();
    expect(context.exam.courseType).toBe('classroom');
    expect(offersCourseTypeSwitch(context)).toBe(true);
  });

  it('has no switch where the programme offers none', () => {
    expect(offersCourseTypeSwitch(start({ programme: mockNeet }).getSnapshot().context)).toBe(false);
  });
});
