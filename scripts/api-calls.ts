/**
 * Finds the web app's API calls for `npm run lint:api-types` (scripts/api-types.ts): every
 * `api.<method><T>(path, body?)` of web/src (web/src/lib/api-client.ts), with each possible path
 * worked out by the TypeScript checker. A path is a string, a template whose parts are literals or
 * values of a literal type (`'block' | 'unblock'`), a const, or a parameter of a function: then each
 * call site of that function gives the path, and binds the function's type parameters, so a helper
 * such as `dataQuery<T>(key, path)` is checked once per use with that use's `T`.
 */
import path from 'node:path';
import ts from 'typescript';

/** A part of a path that no literal type tells (an id, an encoded e-mail): matches a `{param}`. */
export const ANY = '\u0001';

/** The type each type parameter stands for at one use of its function. */
export type Bindings = Map<ts.Symbol, ts.Type>;

/** `type` with bound type parameters replaced by what they stand for (through chains of bindings). */
export function resolved(type: ts.Type, bindings: Bindings): ts.Type {
  for (let i = 0; i < 10 && type.isTypeParameter() && type.symbol && bindings.has(type.symbol); i++) {
    type = bindings.get(type.symbol)!;
  }
  return type;
}

/** One way an API call is made: the HTTP method, a possible path (with ANY parts) and its bindings. */
export interface CallInstance {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'blob';
  call: ts.CallExpression;
  path: string;
  bindings: Bindings;
  /** `file:line` of the call, then of each call site it was reached through. */
  where: string[];
}

/** A string a path can be, with the bindings, places and nodes it was found through. */
interface Found {
  text: string;
  bindings: Bindings;
  where: string[];
  nodes: ts.Node[];
}

/** Where a function is used: a call, or a JSX element of a component. */
type Site = ts.CallExpression | ts.JsxOpeningLikeElement;

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'blob']);

/** `web/src/x.ts:12` of a node. */
export function whereOf(node: ts.Node): string {
  const sf = node.getSourceFile();
  const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
  return `${path.relative(process.cwd(), sf.fileName)}:${line + 1}`;
}

/** Finds and resolves the calls; `unresolved` collects the paths it could not tell. */
export class CallFinder {
  private readonly calls = new Map<ts.Symbol, Site[]>();
  readonly unresolved: { where: string; text: string }[] = [];

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly files: readonly ts.SourceFile[],
  ) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
        const s = this.symbolOf(ts.isCallExpression(node) ? node.expression : node.tagName);
        if (s) this.calls.set(s, [...(this.calls.get(s) ?? []), node]);
      }
      ts.forEachChild(node, visit);
    };
    files.forEach(visit);
  }

  /** The `api.<method>(…)` calls of the files, as written. */
  apiCalls(): ts.CallExpression[] {
    const out: ts.CallExpression[] = [];
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === 'api' &&
        METHODS.has(node.expression.name.text)
      )
        out.push(node);
      ts.forEachChild(node, visit);
    };
    this.files.forEach(visit);
    return out;
  }

  /** Every (path, bindings) an `api` call can be made with, type parameters of its functions bound. */
  instances(call: ts.CallExpression): CallInstance[] {
    const method = (call.expression as ts.PropertyAccessExpression).name.text as CallInstance['method'];
    const [pathArg] = call.arguments;
    if (!pathArg) return [];
    return this.strings(pathArg, new Map(), [whereOf(call)], [call]).flatMap((s) =>
      this.bindOpen(s.nodes, s.bindings, s.where).map((b) => ({ method, call, path: s.text, ...b })),
    );
  }

  private symbolOf(node: ts.Node): ts.Symbol | undefined {
    const s = this.checker.getSymbolAtLocation(node);
    return s && s.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(s) : s;
  }

  /** The call sites of the function `fn` (a declaration, or an arrow or function expression held by a const). */
  private sitesOf(fn: ts.SignatureDeclaration): Site[] {
    const holder = ts.isVariableDeclaration(fn.parent) ? fn.parent.name : fn.name;
    const s = holder && this.symbolOf(holder);
    return (s && this.calls.get(s)) ?? [];
  }

  /** The bindings of `fn`'s type parameters at `site` (explicit type arguments, else inferred). */
  private bind(fn: ts.SignatureDeclaration, site: Site, into: Bindings): Bindings {
    const out = new Map(into);
    const params = fn.typeParameters ?? [];
    const sig = this.checker.getResolvedSignature(site);
    const inferred = sig ? this.checker.getTypeArgumentsForResolvedSignature(sig) : undefined;
    params.forEach((p, i) => {
      const s = this.checker.getSymbolAtLocation(p.name);
      const node = site.typeArguments?.[i];
      const type = node ? this.checker.getTypeFromTypeNode(node) : inferred?.[i];
      if (s && type) out.set(s, type);
    });
    return out;
  }

  /**
   * Binds the type parameters of the generic functions around `starts` (the call, then each call
   * site it was reached through) by each call site of those functions, outermost last.
   */
  private bindOpen(
    starts: ts.Node[],
    bindings: Bindings,
    where: string[],
  ): { bindings: Bindings; where: string[] }[] {
    for (const start of starts) {
      for (let node: ts.Node = start; node; node = node.parent) {
        if (!ts.isFunctionLike(node) || !node.typeParameters?.length) continue;
        const fn = node as ts.SignatureDeclaration;
        const symbols = fn.typeParameters!.map((p) => this.checker.getSymbolAtLocation(p.name));
        if (symbols.every((s) => !s || bindings.has(s))) continue;
        const sites = this.sitesOf(fn);
        if (!sites.length)
          this.unresolved.push({
            where: where.join(' ← '),
            text: 'type parameters of a function never called',
          });
        return sites.flatMap((site) =>
          this.bindOpen([...starts, site], this.bind(fn, site, bindings), [...where, whereOf(site)]),
        );
      }
    }
    return [{ bindings, where }];
  }

  /** The strings `expr` can be, each with the bindings of the call sites it came through. */
  private strings(expr: ts.Expression, bindings: Bindings, where: string[], nodes: ts.Node[]): Found[] {
    const one = (text: string): Found[] => [{ text, bindings, where, nodes }];
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return one(expr.text);
    if (ts.isParenthesizedExpression(expr)) return this.strings(expr.expression, bindings, where, nodes);
    if (ts.isConditionalExpression(expr))
      return [
        ...this.strings(expr.whenTrue, bindings, where, nodes),
        ...this.strings(expr.whenFalse, bindings, where, nodes),
      ];
    if (ts.isTemplateExpression(expr)) {
      let acc = one(expr.head.text);
      for (const span of expr.templateSpans) {
        const parts = this.part(span.expression, bindings, where, nodes);
        acc = acc.flatMap((a) =>
          parts.map((p) => {
            const longer = p.nodes.length > a.nodes.length ? p : a;
            const text = a.text + p.text + span.literal.text;
            return { ...longer, text, bindings: new Map([...a.bindings, ...p.bindings]) };
          }),
        );
      }
      return acc;
    }
    if (ts.isIdentifier(expr)) {
      const decl = this.symbolOf(expr)?.valueDeclaration;
      if (
        decl &&
        ts.isVariableDeclaration(decl) &&
        decl.initializer &&
        ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const
      )
        return this.strings(decl.initializer, bindings, where, nodes);
      if (decl && ts.isParameter(decl) && ts.isFunctionLike(decl.parent)) {
        const fn = decl.parent as ts.SignatureDeclaration;
        const index = fn.parameters.indexOf(decl);
        const sites = this.sitesOf(fn);
        if (!sites.length)
          this.unresolved.push({
            where: where.join(' ← '),
            text: `${expr.text} (a parameter of a function never called)`,
          });
        return sites.flatMap((site) => {
          const arg = ts.isCallExpression(site) ? site.arguments[index] : undefined;
          return arg
            ? this.strings(arg, this.bind(fn, site, bindings), [...where, whereOf(site)], [...nodes, site])
            : [];
        });
      }
    }
    const literal = this.literals(expr);
    if (literal) return literal.map(one).flat();
    this.unresolved.push({ where: where.join(' ← '), text: expr.getText() });
    return [];
  }

  /** A template part: its strings when it has a literal type, else ANY. */
  private part(expr: ts.Expression, bindings: Bindings, where: string[], nodes: ts.Node[]): Found[] {
    const literal = this.literals(expr);
    if (literal) return literal.map((text) => ({ text, bindings, where, nodes }));
    if (ts.isIdentifier(expr) || ts.isParenthesizedExpression(expr) || ts.isConditionalExpression(expr)) {
      const decl = ts.isIdentifier(expr) ? this.symbolOf(expr)?.valueDeclaration : undefined;
      const isConst =
        decl &&
        ts.isVariableDeclaration(decl) &&
        decl.initializer &&
        ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const;
      if (!ts.isIdentifier(expr) || isConst) {
        const before = this.unresolved.length;
        const found = this.strings(expr, bindings, where, nodes);
        if (this.unresolved.length === before) return found;
        this.unresolved.length = before;
      }
    }
    return [{ text: ANY, bindings, where, nodes }];
  }

  /** The string literals a value's type allows, when its type is a literal or a union of them. */
  private literals(expr: ts.Expression): string[] | undefined {
    const type = this.checker.getTypeAtLocation(expr);
    const types = type.isUnion() ? type.types : [type];
    return types.every((t) => t.isStringLiteral())
      ? types.map((t) => (t as ts.StringLiteralType).value)
      : undefined;
  }
}
