/**
 * Vite build plugin: once the browser bundle is written, prerenders public pages to static HTML,
 * so they paint before any JavaScript has run and the browser hydrates them (web/src/main.tsx).
 *
 * For each page path (`'/'`, `'/about'`) that web/src/prerender.tsx lists in `pages`, it renders the
 * app's #root in Node with a throwaway Vite server (`renderPage` of that module, loaded by a fresh
 * module runner per page) and
 * writes `<outDir>/prerendered/<name>.html` (`/` → `index.html`, `/about` → `about.html`): the built
 * index.html with that markup in #root plus, in its head, the stylesheets and module preloads of the
 * lazy chunks the page used (found from the modules the render evaluated), so nothing shifts or
 * waits for a second round trip. index.html itself stays the empty shell for every other URL; the
 * server (server/app.ts) answers a prerendered file for its path when there is one.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, createServerModuleRunner, type Plugin, type ResolvedConfig, type Rollup } from 'vite';

/** Folder of the prerendered pages inside the build's outDir. */
export const PRERENDERED_DIR = 'prerendered';
const ENTRY = '/src/prerender.tsx';
const ROOT_ELEMENT = '<div id="root"></div>';

/** The file name of a page path: `/` → `index.html`, `/about` → `about.html`. */
export function prerenderedFileName(pagePath: string): string {
  return `${pagePath === '/' ? 'index' : pagePath.slice(1)}.html`;
}

/**
 * The JS chunks a page needs beyond those index.html loads, dependencies first: every chunk that
 * holds a module the page's render evaluated, with the chunks those import.
 */
function chunksOf(
  bundle: Rollup.OutputBundle,
  evaluated: Set<string>,
  template: string,
): Rollup.OutputChunk[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const ordered: Rollup.OutputChunk[] = [];
  const seen = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName) || template.includes(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const imported of chunk.imports) visit(chunks.get(imported)!);
    ordered.push(chunk);
  };
  for (const chunk of chunks.values()) {
    if (!chunk.isEntry && chunk.moduleIds.some((id) => evaluated.has(id))) visit(chunk);
  }
  return ordered;
}

/** The head tags that load `chunks` and their stylesheets. */
function headTags(chunks: Rollup.OutputChunk[], base: string, template: string): string {
  const styles = chunks
    .flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])])
    .filter((file, index, all) => all.indexOf(file) === index && !template.includes(file))
    .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`);
  const scripts = chunks.map(
    (chunk) => `<link rel="modulepreload" crossorigin href="${base}${chunk.fileName}">`,
  );
  return [...styles, ...scripts].join('\n    ');
}

type PrerenderModule = typeof import('./src/prerender');

/** Prerenders the pages web/src/prerender.tsx lists after each client build. */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(output, bundle) {
      if (config.build.ssr) return;
      const outDir = output.dir!;
      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!template.includes(ROOT_ELEMENT)) throw new Error(`prerender: index.html has no ${ROOT_ELEMENT}`);
      const server = await createServer({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      // A fresh module runner per page: the modules it evaluates are the ones the page uses.
      const load = async () => {
        const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
        return { runner, entry: (await runner.import(ENTRY)) as PrerenderModule };
      };
      try {
        mkdirSync(path.join(outDir, PRERENDERED_DIR), { recursive: true });
        const first = await load();
        const { pages } = first.entry;
        await first.runner.close();
        for (const pagePath of pages) {
          const { runner, entry } = await load();
          const markup = await entry.renderPage(pagePath);
          const evaluated = new Set(runner.evaluatedModules.idToModuleMap.keys());
          await runner.close();
          const head = headTags(chunksOf(bundle, evaluated, template), config.base, template);
          const html = template
            .replace('</head>', () => (head ? `  ${head}\n  </head>` : '</head>'))
            .replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>`);
          writeFileSync(path.join(outDir, PRERENDERED_DIR, prerenderedFileName(pagePath)), html);
        }
      } finally {
        await server.close();
      }
    },
  };
}
