import { describe, expect, it } from 'vitest';
import { placeholdersOf, tableProblems, textProblem } from './text-placeholders';

describe('a text keeps the placeholders of its English text', () => {
  it('reads each {name} once, sorted', () => {
    expect(placeholdersOf('{seconds} left, {mobile} and {mobile} again; { not } {}')).toEqual([
      'mobile',
      'seconds',
    ]);
  });

  it('accepts a translation with the same placeholders in any order', () => {
    expect(textProblem('{start} to {end}', '{end} से पहले {start}')).toBeUndefined();
    expect(textProblem('Register Now', 'अभी रजिस्टर करें')).toBeUndefined();
  });

  it('refuses a dropped placeholder, an invented one, and an empty text, in words', () => {
    expect(textProblem('OTP sent to {mobile}.', 'ओटीपी भेजा गया।')).toBe(
      'Keep {mobile} in this text, written exactly so: the page puts the real value there.',
    );
    expect(textProblem('{start} to {end}', 'from then')).toMatch(/^Keep \{end\} and \{start\} in this text/);
    expect(textProblem('Register Now', 'Register {name}')).toBe(
      '{name} is not filled in by the page here: remove it.',
    );
    expect(textProblem('OTP sent to {mobile}.', 'Sent to {mobile} {phone}')).toBe(
      '{phone} is not filled in by the page here: remove it (this text can use {mobile}).',
    );
    expect(textProblem('Register Now', '   ')).toMatch(/^Write a text here/);
  });

  it('lists the texts of a table that break the rule, by key', () => {
    expect(
      tableProblems(
        { a: 'Hi {name}', b: 'Bye', c: 'Same' },
        { a: 'नमस्ते', b: 'अलविदा', c: '', extra: '{x}' },
      ).map((p) => p.key),
    ).toEqual(['a', 'c']);
  });
});
