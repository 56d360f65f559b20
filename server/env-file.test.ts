/**
 * `.env` at start-up (.env.example, docs/operations.md "Configuration"): the server started in a folder with a
 * `.env` runs with its settings (production here: HSTS on, no demo data), and a variable set in the
 * environment wins over the same variable in the file. Runs the real entry point, server/main.ts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './paths';
import { freePort, waitForHealth } from './test/processes';

const dir = mkdtempSync(path.join(tmpdir(), 'env-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('.env', () => {
  it('is read at start-up, and the environment wins over it', async () => {
    const [filePort, envPort] = [await freePort(), await freePort()];
    writeFileSync(
      path.join(dir, '.env'),
      [
        'NODE_ENV=production',
        `PORT=${filePort}`,
        'HOST=127.0.0.1',
        `SESSION_SECRET=${'s'.repeat(40)}`,
        'SMTP_URL=smtp://127.0.0.1:2525',
        `DATA_DIR=${path.join(dir, 'data')}`,
        'LOG_LEVEL=error',
        'PLAN_SWEEP_INTERVAL_MS=0',
        '',
      ].join('\n'),
    );
    // the test runner's own NODE_ENV and database would win over the file: leave them out
    const { NODE_ENV: _env, DATABASE_URL: _url, ...inherited } = process.env;
    const child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), path.join(ROOT, 'server/main.ts')],
      {
        cwd: dir,
        env: { ...inherited, PORT: String(envPort), TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.json') },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    try {
      await waitForHealth(envPort, child, 60_000);
      const res = await fetch(`http://127.0.0.1:${envPort}/api/health`);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/); // production only
      const demo = await fetch(`http://127.0.0.1:${envPort}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: 'Admin#2026demo' }),
      });
      expect(demo.status).toBe(401); // production never seeds the demo accounts
      await expect(fetch(`http://127.0.0.1:${filePort}/api/health`)).rejects.toThrow();
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }, 90_000);
});
