/**
 * Runs one of the command-line tools for `npm run` (package.json: `staff`, `ledger:verify`,
 * `witness`, `transparency:rotate`), so the same commands work on a development install and in a
 * production install (docs/deployment.md "Installing"; the runbooks of docs/operations.md name them):
 *
 *   node scripts/run-tool.js <tool> [arguments...]     tool: staff, ledger-verify, witness, transparency-key
 *
 * With tsx installed (a dev package: a laptop, CI) the tool runs from its TypeScript source,
 * scripts/<tool>.ts, so a change is used without a build. Without it (a production install: the dev
 * packages pruned, no sources; the image) it runs the bundle scripts/build-server.js made,
 * dist/scripts/<tool>.js, on plain node. Either way in the folder npm starts it in (the project's:
 * the tools read its `.env`), on the same node, with this process's arguments, input and output;
 * it exits with the tool's code (2 for an unknown tool) and passes SIGINT and SIGTERM on.
 *
 * Plain JavaScript on node's own modules: a production install has nothing else to run it with.
 * scripts/install-production.sh copies it into a release folder; server/test/run-tool.test.ts.
 */
/* global console, process, URL -- node's globals: the ESLint config declares none for .js files */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The tools, by the name of their source in scripts/ and of their bundle in dist/scripts/. */
export const TOOLS = ['staff', 'ledger-verify', 'witness', 'transparency-key'];

/**
 * The node arguments that run `tool` in the project at `root` (a file URL ending in `/`): tsx's
 * command line and the source when both are there, else the bundle.
 */
export function toolCommand(tool, root) {
  const tsx = new URL('node_modules/tsx/dist/cli.mjs', root);
  const source = new URL(`scripts/${tool}.ts`, root);
  if (existsSync(tsx) && existsSync(source)) return [fileURLToPath(tsx), fileURLToPath(source)];
  return [fileURLToPath(new URL(`dist/scripts/${tool}.js`, root))];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [tool, ...args] = process.argv.slice(2);
  if (!TOOLS.includes(tool)) {
    console.error(`run-tool: unknown tool ${tool ?? '(none)'}; one of: ${TOOLS.join(', ')}`);
    process.exit(2);
  }
  const child = spawn(process.execPath, [...toolCommand(tool, new URL('..', import.meta.url)), ...args], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
