/**
 * Vite build plugin: once the browser bundle is written, prerenders public pages to static HTML,
 * so they paint before any JavaScript has run and the browser then hydrates them (web/src/main.tsx).
 *
 * For each page path (`'/'`, `'/about'`) that web/src/prerender.tsx lists in `pages`, it renders the
 * app's #root in Node with a throwaway Vite server (`renderPage` of that module, loaded by a fresh
 * module runner per page) and writes `<outDir>/prerendered/<name>.html` (`/` → `index.html`,
 * `/about` → `about.html`): the built index.html with that markup in #root, the stylesheets of the
 * lazy chunks the page uses (found from the modules its render evaluated) so nothing shifts, and
 * instead of the app's script tags one small boot script (BOOT_SCRIPT) that starts the app, with
 * module preloads of the entry's and the page's chunks, once the page has painted: the scripts
 * then do not compete with the page's HTML and styles for the network. index.html itself stays
 * the empty shell for every other URL; the server (server/app.ts) answers a prerendered file for
 * its path when there is one.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, createServerModuleRunner, type Plugin, type ResolvedConfig, type Rollup } from 'vite';

/** Folder of the prerendered pages inside the build's outDir. */
export const PRERENDERED_DIR = 'prerendered';
const ENTRY = '/src/prerender.tsx';
const ROOT_ELEMENT = '<div id="root"></div>';
/** Vite's tags for the app entry and the chunks it imports, as in the built index.html. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The boot script of the prerendered pages (an asset of its own: the CSP allows no inline script).
 * Its tag carries the entry (`data-entry`) and the chunks to preload (`data-preload`).
 */
const BOOT_SCRIPT = `// Starts the app once the prerendered page has painted (web/prerender-plugin.ts).
const { entry, preload } = document.querySelector('script[data-entry]').dataset;
const start = () => {
  const links = preload.split(' ').filter(Boolean).map((href) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    return link;
  });
  document.head.append(...links);
  import(entry);
};
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
`;

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

/**
 * The page: `template` without its script tags, with `markup` in #root, the stylesheets of
 * `chunks` and the boot script that loads the entry and preloads the template's and `chunks`'s JS.
 */
function pageHtml(
  template: string,
  markup: string,
  chunks: Rollup.OutputChunk[],
  base: string,
  boot: string,
): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('prerender: no entry <script type="module"> in index.html');
  const preload = [
    ...[...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!),
    ...chunks.map((chunk) => `${base}${chunk.fileName}`),
  ];
  const styles = chunks
    .flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])])
    .filter((file, index, all) => all.indexOf(file) === index && !template.includes(file))
    .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`);
  const bootTag = `<script type="module" src="${base}${boot}" data-entry="${entry}" data-preload="${preload.join(' ')}"></script>`;
  return template
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', () => `${[...styles, bootTag].map((tag) => `  ${tag}\n  `).join('')}</head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>`);
}

type PrerenderModule = typeof import('./src/prerender');

/** Prerenders the pages web/src/prerender.tsx lists after each client build. */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  let bootReference: string;
  return {
    name: 'prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle() {
      if (config.build.ssr) return;
      bootReference = this.emitFile({ type: 'asset', name: 'prerender-boot.js', source: BOOT_SCRIPT });
    },
    async writeBundle(output, bundle) {
      if (config.build.ssr) return;
      const outDir = output.dir!;
      const boot = this.getFileName(bootReference);
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
          const chunks = chunksOf(bundle, evaluated, template);
          const html = pageHtml(template, markup, chunks, config.base, boot);
          writeFileSync(path.join(outDir, PRERENDERED_DIR, prerenderedFileName(pagePath)), html);
        }
      } finally {
        await server.close();
      }
    },
  };
}
