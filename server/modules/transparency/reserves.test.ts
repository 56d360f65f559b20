import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RESERVES_MSG } from '@common/schemas/reserves';
import { loadConfig } from '../../config';
import { useBareTestContext } from '../../test/context';

const RESERVES = [
  { asset: 'BTC', address: 'bc1qexampleexampleexampleexample0000000', amount: '12.5', asOf: '2026-11-01' },
  { asset: 'USDT (TRC-20)', address: 'TXexampleexampleexampleexample000', amount: '250000' },
];

const dir = mkdtempSync(path.join(tmpdir(), 'reserves-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const configWith = (reserves?: string) =>
  loadConfig({ DATA_DIR: dir, ...(reserves !== undefined && { TRANSPARENCY_RESERVES: reserves }) });

describe('TRANSPARENCY_RESERVES', () => {
  it('reads a JSON list of declared reserves, and none when absent or empty', () => {
    expect(configWith(JSON.stringify(RESERVES)).transparencyReserves).toEqual(RESERVES);
    expect(configWith().transparencyReserves).toEqual([]);
    expect(configWith('').transparencyReserves).toEqual([]);
  });

  it('refuses text that is not JSON, and entries without an address or with an amount that is not a number', () => {
    expect(() => configWith('BTC bc1q 12')).toThrow(RESERVES_MSG.invalidSetting);
    expect(() => configWith(JSON.stringify([{ asset: 'BTC', amount: '1' }]))).toThrow(
      'TRANSPARENCY_RESERVES',
    );
    expect(() => configWith(JSON.stringify([{ ...RESERVES[0], amount: '-3' }]))).toThrow(
      'TRANSPARENCY_RESERVES',
    );
    expect(() => configWith(JSON.stringify([{ ...RESERVES[0], amount: 12.5 }]))).toThrow(
      'TRANSPARENCY_RESERVES',
    );
  });
});

describe('GET /api/transparency/reserves', () => {
  const declared = useBareTestContext({ transparencyReserves: RESERVES });
  const none = useBareTestContext();

  it('answers the declared reserves with the notice that we do not verify them, to anyone', async () => {
    const res = await declared.app.inject({ method: 'GET', url: '/api/transparency/reserves' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: RESERVES, notice: RESERVES_MSG.notice });
  });

  it('answers an empty list when the operator declares none', async () => {
    const res = await none.app.inject({ method: 'GET', url: '/api/transparency/reserves' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], notice: RESERVES_MSG.notice });
  });
});
