// The README's demo-student table stays in step with the seed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/engine/node/paths';
import demo from '../../server/seed/demo-students.json' with { type: 'json' };

describe('README', () => {
  const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
  it('starts with the two commands', () => {
    expect(readme).toMatch(/^# examflow\n\n```sh\nnpm install && npm start[^\n]*\nnpm test[^\n]*\n```/);
  });
  it.each(demo.map((d) => [d.roll_number, d]))(
    'lists demo student %s with its password and exam type',
    (_roll, d) => {
      const cells = [d.roll_number, d.dob, d.exam_type, d.mobile].map((c) =>
        c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'),
      );
      expect(readme).toMatch(new RegExp(`\\|\\s*${cells.join('\\s*\\|\\s*')}\\s*\\|`)); // Prettier pads table cells
    },
  );
});
