/**
 * The "Download my data" card (data-export-card.tsx): the button is busy while the zip downloads,
 * then hands it to the browser under the day's name; a refusal (too many downloads) shows the
 * server's words and lets the client try again. The journey (e2e/data-export.spec.ts) downloads the
 * real zip and lists its files.
 */
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http, server } from '../../../../test/api';
import { gate } from '../../../../test/answers';
import { renderScreen } from '../../../../test/render';
import { saveBlob } from '../../../lib/save-blob';
import { DataExportCard } from './data-export-card';

vi.mock('../../../lib/save-blob', () => ({ saveBlob: vi.fn() }));

/** The bytes of an empty zip (its end-of-directory record). */
const ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
const zipAnswer = () => new HttpResponse(ZIP, { headers: { 'content-type': 'application/zip' } });

beforeEach(() => vi.mocked(saveBlob).mockClear());

/** The card; answers its button. */
function open() {
  const view = renderScreen(<DataExportCard />, { route: '/account/profile' });
  return { ...view, button: screen.getByRole('button', { name: 'Download my data' }) };
}

describe('the "Download my data" card', () => {
  it('is busy while the zip downloads, then saves it as my-data-<day>.zip', async () => {
    const held = gate();
    server.use(
      http.get('/api/user/export.zip', async ({ response }) => {
        await held.held;
        return response.untyped(zipAnswer());
      }),
    );
    const { user, button } = open();
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveTextContent('Loading...');
    held.open();
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(name).toBe(`my-data-${new Date().toISOString().slice(0, 10)}.zip`);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(ZIP);
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal, and tries again on the next press", async () => {
    let calls = 0;
    server.use(
      http.get('/api/user/export.zip', ({ response }) =>
        ++calls === 1
          ? response.untyped(
              HttpResponse.json(
                { code: 'rate_limited', message: 'Too many requests, please try again later.' },
                { status: 429 },
              ),
            )
          : response.untyped(zipAnswer()),
      ),
    );
    const { user, button } = open();
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, please try again later.');
    expect(saveBlob).not.toHaveBeenCalled();
    await user.click(button);
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
