// No machine file grows past what a reader holds at once. (The registration parent's own line cap
// is gone: a machine file is as long as its flow needs, with its steps machines of their own.)
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/engine/node/paths';

const machines = path.join(projectRoot, 'src/machines');
const lines = (file: string) => readFileSync(path.join(machines, file), 'utf8').split('\n').length - 1;

describe('machine files', () => {
  it('no machine file is over 500 lines', () => {
    const files = readdirSync(machines).filter((file) => /-machine\.ts$/.test(file));
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((file) => lines(file) > 500)).toEqual([]);
  });
});
