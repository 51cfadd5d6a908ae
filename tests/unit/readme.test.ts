// The README's demo-student table stays in step with the seed, and its layout with the tree.
import { existsSync, readFileSync } from 'node:fs';
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

  it('names only folders that exist in its layout section', () => {
    const layout = /## Layout\n\n```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    // A top-level folder starts a line; under it, `name/` names one of its folders.
    let top = '';
    const named: string[] = [];
    for (const line of layout.split('\n')) {
      const head = /^([\w.-]+(?:\/[\w.-]+)*)\/\s/.exec(line)?.[1];
      if (head) top = head;
      const body = head ? line.slice(head.length + 1) : line;
      for (const [, name] of body.matchAll(/(?:^|[\s(,])([a-z][\w.-]*)\/(?=[\s,)]|$)/g))
        named.push(`${top}/${name}`);
      if (head) named.push(head);
    }
    expect(named).toContain('src/domain');
    expect(named).toContain('server/services');
    expect(named.filter((dir) => !existsSync(path.join(projectRoot, dir)))).toEqual([]);
  });
});
