/**
 * `npm run bench:doc`: writes the figures of bench/results.json into docs/performance.md "Current
 * figures" (bench/lib/figures-doc.ts), after a run of `npm run bench` worth keeping.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { figuresBlock, PAGE, readResults, withBlock } from './lib/figures-doc';

const page = readFileSync(PAGE, 'utf8');
const next = withBlock(page, figuresBlock(readResults()));
writeFileSync(PAGE, next);
console.log(
  next === page ? 'docs/performance.md: figures unchanged' : 'docs/performance.md: figures written',
);
