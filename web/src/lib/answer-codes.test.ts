/**
 * The web branches on an error answer's `code` (common/errors.ts, `ApiError.code`), never on its
 * message text: a message may be reworded, a code is stable (docs/architecture.md
 * "Errors"). This test reads every source file of web/src (tests aside) and fails on a comparison
 * with a `.message` (`===`, `!==`, `includes`, `startsWith`, …) or of a `message` with a message
 * table (`message === PLAN_MSG.x`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB_SRC = path.resolve(__dirname, '..');

/** The patterns of branching on message text. */
const BRANCHES_ON_TEXT: RegExp[] = [
  /\.message\s*(===|!==|==|!=)/,
  /(===|!==|==|!=)\s*[\w.?]+\.message\b/,
  /\.message\s*\??\.\s*(includes|startsWith|endsWith|match|search|indexOf|localeCompare)\s*\(/,
  /\.(includes|indexOf|has)\(\s*[\w.?]+\.message\s*\)/,
  /\bmessage\s*(===|!==|==|!=)\s*[A-Z_]*MSG\b/,
  /[A-Z_]*MSG\.\w+(\([^)]*\))?\s*(===|!==|==|!=)\s*[\w.?]*message\b/,
];

/** The lines of `source` that branch on message text, as `line: text` (a `typeof` check is no branch on text). */
function textBranches(source: string): string[] {
  return source.split('\n').flatMap((line, i) => {
    const code = line.replace(/typeof\s+[\w.?]+/g, 'TYPE');
    return BRANCHES_ON_TEXT.some((re) => re.test(code)) ? [`${i + 1}: ${line.trim()}`] : [];
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('the web branches on error codes, not on message text', () => {
  it('finds the ways of comparing message text', () => {
    expect(
      textBranches('if (e instanceof ApiError && e.message === PLAN_MSG.insufficientFunds) go();'),
    ).toHaveLength(1);
    expect(textBranches('if (PLAN_MSG.x === error.message) go();')).toHaveLength(1);
    expect(textBranches('return NOT_YET.includes(error.message);')).toHaveLength(1);
    expect(textBranches("if (err.message.includes('Insufficient')) go();")).toHaveLength(1);
    expect(textBranches('(message === APPROVAL_MSG.sentForApproval || other) && x')).toHaveLength(1);
    expect(textBranches("if (isApiError(e, 'insufficient_balance')) go();")).toEqual([]);
    expect(textBranches('if (message === null) return;')).toEqual([]);
    expect(textBranches("const m = typeof answer.message === 'string' ? answer.message : '';")).toEqual([]);
  });

  it('finds none in web/src', () => {
    const found = sourceFiles(WEB_SRC).flatMap((file) =>
      textBranches(readFileSync(file, 'utf8')).map((hit) => `${path.relative(WEB_SRC, file)}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
