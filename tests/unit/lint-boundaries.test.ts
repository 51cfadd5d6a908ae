// The import directions of DESIGN.md are ESLint rules (eslint.config.js), seen in the editor and
// failing `npm run lint`. Here ESLint lints planted imports as if they sat at the named paths (no
// file is written), so a rule that stops matching fails this test. Import cycles are not ESLint's:
// `npm run lint:cycles` (dpdm).
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/engine/node/paths';

let eslint: ESLint;
// The first lint loads the config, the plugins and the resolver: seconds on a busy machine.
beforeAll(async () => {
  eslint = new ESLint({ cwd: projectRoot });
  await eslint.lintText('export {};\n', { filePath: path.join(projectRoot, 'src/domain/planted.ts') });
}, 120_000);

/** The messages of one rule for `code` linted as the file at `file` (relative to the root). */
async function lint(file: string, code: string, ruleId: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(projectRoot, file) });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  // A planted file that ESLint ignores or cannot parse would pass every rule: it must not.
  expect(result.messages.filter((m) => m.fatal || m.ruleId === null)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === ruleId);
}

const BOUNDARY = 'import-x/no-restricted-paths';

describe('boundaries', { timeout: 60_000 }, () => {
  it('a feature importing another feature is rejected', async () => {
    const found = await lint(
      'src/features/recovery/planted.ts',
      "import { loginView } from '../login/login-view';\nexport const view = loginView;\n",
      BOUNDARY,
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain('A feature never imports another feature');
  });

  it('a feature importing devtools or the API is rejected: the app passes them in', async () => {
    const code =
      "import { actorInspect } from '../../devtools/live/actor-inspect';\n" +
      "import { fetchBranches } from '../../api/endpoints/branches';\n" +
      'export const both = [actorInspect, fetchBranches];\n';
    expect(await lint('src/features/login/planted.ts', code, BOUNDARY)).toHaveLength(2);
  });

  it('a machine importing React is rejected, and one importing the API', async () => {
    const react = await lint(
      'src/machines/planted-machine.ts',
      "import { useState } from 'react';\nexport const hook = useState;\n",
      'no-restricted-imports',
    );
    expect(react).toHaveLength(1);
    const swr = await lint(
      'src/machines/planted-machine.ts',
      "import useSWR from 'swr';\nexport const hook = useSWR;\n",
      'no-restricted-imports',
    );
    expect(swr).toHaveLength(1);
    const api = await lint(
      'src/machines/planted-machine.ts',
      "import { login } from '../api/endpoints/login';\nexport const call = login;\n",
      BOUNDARY,
    );
    expect(api).toHaveLength(1);
  });

  it("app code reading swr's cache by key is rejected: machines get data as input or events", async () => {
    const code =
      "import { unstable_serialize, useSWRConfig } from 'swr';\n" +
      'export function useMobile(key: string[]) {\n' +
      '  const { cache } = useSWRConfig();\n' +
      '  return [cache.get(unstable_serialize(key)), useSWRConfig().cache];\n' +
      '}\n';
    expect(await lint('src/app/portal/planted-route.tsx', code, 'no-restricted-imports')).toHaveLength(1);
    expect(await lint('src/app/portal/planted-route.tsx', code, 'no-restricted-syntax')).toHaveLength(2);
  });

  it('the engine imports neither React nor the API', async () => {
    const code =
      "import { createElement } from 'react';\nimport { apiGet } from '../api/client';\n" +
      'export const both = [createElement, apiGet];\n';
    expect(await lint('src/engine/planted.ts', code, 'no-restricted-imports')).toHaveLength(1);
    expect(await lint('src/engine/planted.ts', code, BOUNDARY)).toHaveLength(1);
  });

  it('a server file importing a feature is rejected; src/domain, src/engine and src/generated are fine', async () => {
    const bad = await lint(
      'server/planted.ts',
      "import { loginView } from '../src/features/login/login-view';\nexport const view = loginView;\n",
      BOUNDARY,
    );
    expect(bad).toHaveLength(1);
    const good =
      "import { daysBetween } from '../src/domain/dates';\nimport { createTranslator } from '../src/engine/i18n';\n" +
      "import type { Programme } from '../src/generated/config/programme';\n" +
      'export const used: [typeof daysBetween, typeof createTranslator, Programme?] = [daysBetween, createTranslator];\n';
    expect(await lint('server/planted.ts', good, BOUNDARY)).toEqual([]);
  });

  it('src/domain imports nothing from src but generated types', async () => {
    const code = "import { createTranslator } from '../engine/i18n';\nexport const t = createTranslator;\n";
    expect(await lint('src/domain/planted.ts', code, BOUNDARY)).toHaveLength(1);
  });

  it('a service importing a route module is rejected; services, the sandbox and the seed call services', async () => {
    const route =
      "import { registerExamRoutes } from '../../routes/exams';\nexport const register = registerExamRoutes;\n";
    const found = await lint('server/services/exams/planted.ts', route, BOUNDARY);
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain('routes → services → db');
    expect(
      await lint('server/seed/planted.ts', route.replace('../../routes', '../routes'), BOUNDARY),
    ).toHaveLength(1);
    const service =
      "import { loadExamContext } from '../services/exams/sittings';\nexport const load = loadExamContext;\n";
    expect(await lint('server/sandbox/planted.ts', service, BOUNDARY)).toEqual([]);
    expect(await lint('server/db/planted.ts', service, BOUNDARY)).toHaveLength(1);
  });

  it("a route importing the database layer or reading the context's db is rejected; it calls a service", async () => {
    const imported = await lint(
      'server/routes/registration/planted.ts',
      "import { lockStudent } from '../../db/locks';\nexport const lock = lockStudent;\n",
      BOUNDARY,
    );
    expect(imported).toHaveLength(1);
    expect(imported[0]?.message).toContain('routes → services → db');
    const queries =
      "import type { AppContext } from '../../context';\n" +
      "export const a = (ctx: AppContext) => ctx.db.selectFrom('students').selectAll().execute();\n" +
      "export const b = (app: { ctx: AppContext }) => app.ctx['db'].transaction();\n" +
      'export const c = ({ db }: AppContext) => db;\n';
    const found = await lint('server/routes/commerce/planted.ts', queries, 'no-restricted-syntax');
    expect(found).toHaveLength(3);
    expect(found[0]?.message).toContain('put the query in a service');
    // A service is where the query belongs.
    expect(await lint('server/services/commerce/planted.ts', queries, 'no-restricted-syntax')).toEqual([]);
  });

  it('production code never imports test support', async () => {
    const code =
      "import { addStudent } from '../commerce.test-support';\n" +
      "import { copyConfig } from '../../../tests/fixtures/config-copy';\n" +
      'export const both = [addStudent, copyConfig];\n';
    expect(await lint('server/routes/exams/planted.ts', code, BOUNDARY)).toHaveLength(2);
  });

  it('services, auth and the database never import the sandbox or the seed (decision 039)', async () => {
    const code =
      "import { sandboxSms } from '../../sandbox/sms';\n" +
      "import { states } from '../../seed/master';\n" +
      'export const both = [sandboxSms, states];\n';
    const found = await lint('server/services/exams/planted.ts', code, BOUNDARY);
    expect(found).toHaveLength(2);
    expect(found[0]?.message).toContain('never import the sandbox or the seed');
    expect(await lint('server/db/migrations/planted.ts', code, BOUNDARY)).toHaveLength(2);
    expect(await lint('server/auth/planted.ts', code.replaceAll('../../', '../'), BOUNDARY)).toHaveLength(2);
  });

  it('the sandbox reaches the database only through services; its SMS outbox is its own (decision 039)', async () => {
    const imports =
      "import type { Db } from '../db/database';\n" +
      "import type { ExamAttemptsTable } from '../db/tables/exams';\n" +
      'export type Both = [Db, ExamAttemptsTable];\n';
    const imported = await lint('server/sandbox/planted.ts', imports, BOUNDARY);
    expect(imported).toHaveLength(2);
    expect(imported[0]?.message).toContain('The sandbox calls services');
    const queries =
      "import type { FastifyInstance } from 'fastify';\n" +
      "import type { AppContext } from '../context';\n" +
      "export const a = (ctx: AppContext) => ctx.db.selectFrom('exam_results').selectAll().execute();\n" +
      "export const b = (app: FastifyInstance) => app.ctx['db'].transaction();\n" +
      'export const c = ({ db }: AppContext) => db;\n';
    const found = await lint('server/sandbox/planted.ts', queries, 'no-restricted-syntax');
    expect(found).toHaveLength(3);
    expect(found[0]?.message).toContain('The sandbox calls services');
    // The other boundaries still hold there: the sandbox never imports a route.
    const route =
      "import { registerExamRoutes } from '../routes/exams';\nexport const register = registerExamRoutes;\n";
    expect(await lint('server/sandbox/planted.ts', route, BOUNDARY)).toHaveLength(1);
    // The outbox's own file, and the sandbox's tests, may.
    expect(await lint('server/sandbox/sms.ts', imports, BOUNDARY)).toEqual([]);
    expect(await lint('server/sandbox/sms.ts', queries, 'no-restricted-syntax')).toEqual([]);
    expect(await lint('server/sandbox/planted.test.ts', imports + queries, BOUNDARY)).toEqual([]);
  });

  it('the client build never resolves, aliases or rewrites a package file (decision 039)', async () => {
    const code =
      "import type { Plugin } from 'vite';\n" +
      'export const plugins: Plugin[] = [\n' +
      "  { name: 'a', resolveId: (source) => (source === 'x' ? '/stub.ts' : null) },\n" +
      "  { name: 'b', transform: { filter: { id: /node_modules/ }, handler: (code) => code } },\n" +
      '];\n' +
      "export const resolve = { alias: [{ find: 'fast-uri', replacement: '/stub.ts' }] };\n";
    const found = await lint('scripts/lib/vite-planted.ts', code, 'no-restricted-syntax');
    expect(found).toHaveLength(3);
    expect(found[0]?.message).toContain("The client build is Vite's own");
    expect(await lint('vite.config.ts', code, 'no-restricted-syntax')).toHaveLength(3);
  });

  it('a test may import what it tests, across features', async () => {
    const code = "import { loginView } from '../login/login-view';\nexport const view = loginView;\n";
    expect(await lint('src/features/recovery/planted.test.ts', code, BOUNDARY)).toEqual([]);
  });
});
