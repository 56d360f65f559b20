/**
 * `npm run lint:api-types` (docs/architecture.md "API contract"): the web app's calls against the
 * OpenAPI document. Reads `dist/openapi.json` and the `paths` types `npm run openapi` wrote beside it
 * (`dist/openapi.d.ts`; dist/ is not kept), finds every `api.<method><T>(path, body?)` of web/src
 * (scripts/api-calls.ts), and, with the TypeScript checker over web/src and those types:
 * - each possible path must be an operation of the document (`/api` + path, `${x}` → `{param}`);
 * - the operation's 2xx JSON answer must be assignable to the web's `T` (what the server sends
 *   satisfies what the screen expects), and the web's body to the operation's request body;
 * - `api.blob` calls (files, CSV) are checked by path only, their answer is not JSON.
 * Fails listing each call site (and the helper uses it was reached through) with the reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ANY, CallFinder, resolved, type Bindings, type CallInstance } from './api-calls';

const started = Date.now();
const docFile = path.resolve(process.argv[2] ?? 'dist/openapi.json');
const typesFile = docFile.replace(/\.json$/, '') + '.d.ts';
if (!existsSync(typesFile)) throw new Error(`no ${typesFile}: run \`npm run openapi\` first`);

/**
 * Calls whose path the source cannot tell, by file and path expression, with the reason. They are
 * left out of the check; any other call whose path cannot be told fails.
 */
const UNTYPED: { file: string; text: string; reason: string }[] = [
  {
    file: 'web/src/features/users/api.ts',
    text: "url.replace(/^\\/api(?=\\/)/, '')",
    reason: 'a file URL the server hands out in an answer (profile picture, KYC document), fetched as a Blob',
  },
  {
    file: 'web/src/features/profile/api.ts',
    text: "url!.replace(/^\\/api(?=\\/)/, '')",
    reason: 'a file URL the server hands out in an answer (profile picture), fetched as a Blob',
  },
];

/**
 * Differences known and accepted until the server side is fixed, by call file, operation and the
 * start of the problem, with the reason; they are reported, not failed.
 */
const ACCEPTED: { file: string; operation: string; problem: string; reason: string }[] = [];

interface DocOperation {
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
const doc = JSON.parse(readFileSync(docFile, 'utf8')) as {
  paths: Record<string, Record<string, DocOperation>>;
};

const config = ts.getParsedCommandLineOfConfigFile(
  path.resolve('tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  },
)!;
const webRoot = path.resolve('web/src') + path.sep;
const program = ts.createProgram({
  rootNames: [...config.fileNames.filter((f) => path.resolve(f).startsWith(webRoot)), typesFile],
  options: config.options,
});
const checker = program.getTypeChecker();
const webFiles = program
  .getSourceFiles()
  .filter((sf) => path.resolve(sf.fileName).startsWith(webRoot) && !sf.isDeclarationFile);

const typesSource = program.getSourceFile(typesFile)!;
const pathsDecl = typesSource.statements.find(
  (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'paths',
)!;
const pathsType = checker.getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(pathsDecl.name)!);

/** The type of `type`'s property `name`, if it has one. */
function propertyType(type: ts.Type, name: string): ts.Type | undefined {
  const p = checker.getPropertyOfType(type, name);
  return p && checker.getTypeOfSymbol(p);
}

/** The type at `keys` under `paths` (going through optional properties such as `requestBody?`). */
function typeAt(keys: string[]): ts.Type | undefined {
  let type: ts.Type | undefined = pathsType;
  for (const k of keys) {
    type = type && propertyType(checker.getNonNullableType(type), k);
  }
  return type;
}

const show = (t: ts.Type) => {
  const s = checker.typeToString(t, undefined, ts.TypeFormatFlags.NoTruncation);
  return s.length > 160 ? `${s.slice(0, 157)}...` : s;
};

/** How `explain` names the two sides: the document's answer against the web's type, or the web's body against the document's. */
const ANSWER = {
  from: 'the document says',
  to: 'the web expects',
  missing: 'the document has no such field',
};
const BODY = { from: 'the web sends', to: 'the document takes', missing: 'the web does not send this field' };

/** Why `from` is not assignable to `to`, down to the first property that differs. */
function explain(from: ts.Type, to: ts.Type, at = '', words = ANSWER): string {
  if (from.isUnion() && !to.isUnion()) {
    const member = from.types.find((t) => !checker.isTypeAssignableTo(t, to));
    if (member) return `${explain(member, to, at, words)} (one of ${from.types.length} alternatives)`;
  }
  const isObject = (t: ts.Type) =>
    (t.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) !== 0 && !checker.isArrayType(t);
  if (isObject(to) && isObject(from)) {
    for (const p of to.getProperties()) {
      const want = checker.getTypeOfSymbol(p);
      const got = propertyType(from, p.name);
      const optional = (p.flags & ts.SymbolFlags.Optional) !== 0;
      if (!got) {
        if (!optional) return `${at}.${p.name}: ${words.missing} (${words.to} ${show(want)})`;
      } else if (!checker.isTypeAssignableTo(got, want)) return explain(got, want, `${at}.${p.name}`, words);
    }
  }
  if (checker.isArrayType(from) && checker.isArrayType(to)) {
    const [a, b] = [from, to].map((t) => checker.getIndexTypeOfType(t, ts.IndexKind.Number)!);
    return explain(a!, b!, `${at}[]`, words);
  }
  return `${at || '(whole)'}: ${words.from} ${show(from)}, ${words.to} ${show(to)}`;
}

/** Whether `type` uses a type parameter bound in `bindings` (looking a few levels deep). */
function usesBound(type: ts.Type, bindings: Bindings, depth = 0): boolean {
  if (depth > 4) return false;
  if (type.flags & ts.TypeFlags.TypeParameter) return Boolean(type.symbol && bindings.has(type.symbol));
  if (type.isUnionOrIntersection()) return type.types.some((t) => usesBound(t, bindings, depth + 1));
  if (checker.isArrayType(type))
    return usesBound(checker.getTypeArguments(type as ts.TypeReference)[0]!, bindings, depth + 1);
  if (type.flags & ts.TypeFlags.Object) {
    return type.getProperties().some((p) => usesBound(checker.getTypeOfSymbol(p), bindings, depth + 1));
  }
  return false;
}

/**
 * The problem, if any, with the document's `answer` given to the web's type `web`, whose type
 * parameters stand for what `bindings` says (a bound `T`, `T[]` or `{ field: T }` is checked part
 * by part, as the checker cannot substitute them).
 */
function checkType(answer: ts.Type, web: ts.Type, bindings: Bindings, at = ''): string | undefined {
  web = resolved(web, bindings);
  if (!usesBound(web, bindings))
    return checker.isTypeAssignableTo(answer, web) ? undefined : explain(answer, web, at);
  if (checker.isArrayType(web)) {
    const item = checker.isArrayType(answer)
      ? checker.getIndexTypeOfType(answer, ts.IndexKind.Number)
      : undefined;
    if (!item) return `${at || '(whole)'}: the document says ${show(answer)}, the web expects an array`;
    return checkType(item, checker.getTypeArguments(web as ts.TypeReference)[0]!, bindings, `${at}[]`);
  }
  if (web.flags & ts.TypeFlags.Object && !web.isUnionOrIntersection()) {
    for (const p of web.getProperties()) {
      const got = propertyType(answer, p.name);
      if (!got) {
        if (!(p.flags & ts.SymbolFlags.Optional)) return `${at}.${p.name}: the document has no such field`;
        continue;
      }
      const problem = checkType(got, checker.getTypeOfSymbol(p), bindings, `${at}.${p.name}`);
      if (problem) return problem;
    }
    return undefined;
  }
  return `${at || '(whole)'}: cannot check the generic type ${show(web)}; write it as T, T[] or { field: T }`;
}

/** The problem, if any, with the document's `answer` given to the web's type argument `node`. */
const checkAnswer = (answer: ts.Type, node: ts.TypeNode, bindings: Bindings) =>
  checkType(answer, checker.getTypeFromTypeNode(node), bindings);

/** The document's paths that `webPath` (a path under /api, with ANY parts) can be, for `method`. */
function operationsOf(method: string, webPath: string): string[] {
  const segments = `/api${webPath.split('?')[0]}`.split('/');
  return Object.keys(doc.paths).filter((p) => {
    if (!doc.paths[p]![method]) return false;
    const docSegments = p.split('/');
    return (
      docSegments.length === segments.length &&
      docSegments.every((d, i) => {
        const w = segments[i]!;
        if (/^\{[^}]+\}$/.test(d)) return w.includes(ANY);
        if (w === ANY) return false; // an unknown segment is a parameter, never a fixed word
        const re = new RegExp(`^${w.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&').replaceAll(ANY, '[^/]+')}$`);
        return re.test(d);
      })
    );
  });
}

const failures: string[] = [];
let checkedAnswers = 0;
let checkedBodies = 0;
const operationsUsed = new Set<string>();

/**
 * The problems of one way a call is made, for each operation it can reach (an empty list: that
 * operation fits). A path that is no operation goes straight to `failures`.
 */
function checkInstance(i: CallInstance): string[][] {
  const method = i.method === 'blob' ? 'get' : i.method;
  const where = i.where.join(' ← ');
  const ops = operationsOf(method, i.path);
  if (!ops.length) {
    failures.push(
      `${where}: ${method.toUpperCase()} /api${i.path.replaceAll(ANY, '{…}')} is no operation of the document`,
    );
  }
  return ops.map((p) => {
    const problems: string[] = [];
    operationsUsed.add(`${method.toUpperCase()} ${p}`);
    const op = doc.paths[p]![method]!;
    const label = `${where}: ${method.toUpperCase()} ${p}`;
    if (i.method === 'blob') return problems;
    const typeArg = i.call.typeArguments?.[0];
    for (const [status, r] of Object.entries(op.responses ?? {}).filter(([code]) => /^2/.test(code))) {
      if (!r.content?.['application/json']) {
        const types = Object.keys(r.content ?? {}).join(', ') || 'no body';
        problems.push(`${label} answers ${status} with ${types}: fetch it with api.blob`);
        continue;
      }
      const answer = typeAt([p, method, 'responses', status, 'content', 'application/json']);
      if (!answer || !typeArg) continue;
      checkedAnswers++;
      const problem = checkAnswer(answer, typeArg, i.bindings);
      if (problem) problems.push(`${label} → ${status} ${problem}`);
    }
    const bodyArg = ['post', 'put', 'patch', 'delete'].includes(method) ? i.call.arguments[1] : undefined;
    const want = op.requestBody?.content?.['application/json']
      ? typeAt([p, method, 'requestBody', 'content', 'application/json'])
      : undefined;
    if (!bodyArg) {
      const optional = !want || checker.isTypeAssignableTo(checker.getNullType(), want);
      if (op.requestBody?.required && !optional)
        problems.push(`${label}: sends no body, the operation requires one`);
    } else if (!want) {
      problems.push(`${label}: sends a body, the operation takes none`);
    } else {
      const body = resolved(checker.getTypeAtLocation(bodyArg), i.bindings);
      checkedBodies++;
      if (!checker.isTypeAssignableTo(body, want))
        problems.push(`${label}: the body ${explain(body, want, '', BODY)}`);
    }
    return problems;
  });
}

const acceptedSeen = new Set<string>();
/** Whether `failure` is listed in ACCEPTED (then it is noted for the summary). */
function accepted(failure: string): boolean {
  const a = ACCEPTED.find(
    (x) => failure.startsWith(`${x.file}:`) && failure.includes(`: ${x.operation} ${x.problem}`),
  );
  if (a) acceptedSeen.add(`${a.operation} (${a.reason})`);
  return Boolean(a);
}

const finder = new CallFinder(checker, webFiles);
const calls = finder.apiCalls();
let instances = 0;
for (const call of calls) {
  // The ways a call is made at one use (same call sites and bindings) differ only by the literal
  // values a path part can take (`/${kind}-withdrawals`); the source does not tell which value goes
  // with which type, so one use fits when one of its operations fits.
  const uses = new Map<string, string[][]>();
  for (const i of finder.instances(call)) {
    instances++;
    const key = `${i.where.join(' ')} ${[...i.bindings.values()].map((t) => checker.typeToString(t)).join(',')}`;
    uses.set(key, [...(uses.get(key) ?? []), ...checkInstance(i)]);
  }
  for (const outcomes of uses.values()) {
    if (outcomes.length && outcomes.every((o) => o.length))
      failures.push(...outcomes.flat().filter((f) => !accepted(f)));
  }
}
const exempt = new Set<string>();
for (const u of finder.unresolved) {
  const listed = UNTYPED.find((x) => u.where.startsWith(`${x.file}:`) && u.text === x.text);
  if (listed) exempt.add(`${u.where}: ${listed.reason}`);
  else
    failures.push(
      `${u.where}: cannot tell the path of ${u.text}; give it a literal type, or list it in UNTYPED with the reason`,
    );
}

const unused = Object.entries(doc.paths).flatMap(([p, item]) =>
  Object.keys(item)
    .filter((m) => m !== 'parameters' && !operationsUsed.has(`${m.toUpperCase()} ${p}`))
    .map((m) => `${m.toUpperCase()} ${p}`),
);
console.log(
  `api types: ${calls.length} web calls (${instances} ways through helpers and literal paths), ` +
    `${checkedAnswers} answers and ${checkedBodies} bodies checked, ` +
    `${operationsUsed.size}/${operationsUsed.size + unused.length} operations used by the web ` +
    `(not used: ${unused.join(', ') || 'none'}); ${exempt.size} calls not checked: ${[...exempt].join('; ') || 'none'}; ` +
    `accepted differences: ${[...acceptedSeen].join('; ') || 'none'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
if (failures.length) {
  console.error(`${failures.length} web calls disagree with the OpenAPI document (dist/openapi.json):`);
  for (const f of [...new Set(failures)]) console.error(`  ${f}`);
  process.exit(1);
}
