// Import cycles over every import the TypeScript project holds, type-only ones included.
// import-x/no-cycle (eslint.config.js) skips `import type` by design and has no option to count
// it, so a cycle closed by a type import would pass the linter; this check closes that gap and
// `npm run lint` runs it (scripts/import-cycles.ts).
import path from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

/** Each file's imports of other files of the project (packages cannot close a cycle through ours). */
export function importGraph(
  files: readonly string[],
  options: ts.CompilerOptions,
  host: Pick<ts.ModuleResolutionHost, 'fileExists' | 'readFile'>,
): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = host.readFile(file) ?? '';
    // Static imports, `import type`, re-exports and dynamic import() alike.
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const deps = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      if (resolved.resolvedFileName.includes(`${path.sep}node_modules${path.sep}`)) continue;
      deps.add(path.resolve(resolved.resolvedFileName));
    }
    graph.set(path.resolve(file), [...deps]);
  }
  return graph;
}

/** The strongly connected groups of more than one file (or a file importing itself): the cycles. */
export function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack.
  interface Visit {
    node: string;
    index: number;
    low: number;
    edges: string[];
    edge: number;
  }
  const visits = new Map<string, Visit>();
  const stack: Visit[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): Visit => {
    const v = { node, index: visits.size, low: visits.size, edges: graph.get(node) ?? [], edge: 0 };
    visits.set(node, v);
    stack.push(v);
    onStack.add(node);
    return v;
  };
  for (const start of graph.keys()) {
    if (visits.has(start)) continue;
    const work: Visit[] = [visit(start)];
    for (let frame = work.at(-1); frame; frame = work.at(-1)) {
      const to = frame.edges[frame.edge++];
      if (to !== undefined) {
        const seen = visits.get(to);
        if (!seen) work.push(visit(to));
        else if (onStack.has(to)) frame.low = Math.min(frame.low, seen.index);
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) parent.low = Math.min(parent.low, frame.low);
      if (frame.low !== frame.index) continue;
      const group: string[] = [];
      for (let member = stack.pop(); member; member = stack.pop()) {
        onStack.delete(member.node);
        group.push(member.node);
        if (member === frame) break;
      }
      if (group.length > 1 || frame.edges.includes(frame.node)) cycles.push(group.sort());
    }
  }
  return cycles;
}

/** The cycles of the project described by a tsconfig.json. */
export function projectImportCycles(tsconfigPath: string): string[][] {
  const dir = path.dirname(tsconfigPath);
  const { config } = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir);
  return importCycles(importGraph(parsed.fileNames, parsed.options, ts.sys));
}
