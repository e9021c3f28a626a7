import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod';
import { confirmedUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { forwardCallbacks, freePort, installTarball, makeThirtyMegabyteClip, packSdk, runScript } from './sdk-package-support';

/**
 * The SDK as a customer gets it: `npm pack`, installed offline into an empty project with nothing else, and a
 * plain Node script on it against the stack (sdk-package-flow.mjs): a 30 MB upload in parts, a cut, the wait,
 * the download, a callback verified by the script's own receiver, and 429s ridden out without help.
 */

const endpoints = testEndpoints();
const work = mkdtempSync(join(tmpdir(), 'sdk-package-'));
let listener: ChildProcess | undefined;

afterAll(() => {
  if (listener?.exitCode === null) listener.kill('SIGKILL');
});

describe('the packed SDK', () => {
  it('installs alone and runs the whole flow of a customer’s script against the stack', async () => {
    const clip = join(work, 'input.mp4');
    const [tarball] = await Promise.all([packSdk(work), makeThirtyMegabyteClip(clip)]);
    const installed = await installTarball(tarball, work);
    // The package and nothing else: no runtime dependency came along.
    expect(installed).toEqual([join('@frameforge', 'sdk')]);

    const { client, token } = await confirmedUser(endpoints, 'sdk');
    await client.subscribe(token, 'basic');
    const { key } = await client.createApiKey(token, 'sdk');
    const { secret } = await client.call(token, 'GET', '/callback-secret', z.object({ secret: z.string() }));
    const port = await freePort();
    listener = await forwardCallbacks(endpoints, key, `http://127.0.0.1:${port}/webhooks`);
    copyFileSync(join(__dirname, 'sdk-package-flow.mjs'), join(work, 'flow.mjs'));

    const summary = (await runScript(work, 'flow.mjs', {
      FRAMEFORGE_API_URL: endpoints.productApi,
      FRAMEFORGE_API_KEY: key,
      CALLBACK_SECRET: secret,
      INPUT: clip,
      RECEIVER_PORT: String(port),
    })) as Record<string, Record<string, unknown>>;

    const size = statSync(clip).size;
    expect(size).toBeGreaterThan(30_000_000);
    // Over the script's 16 MiB threshold: two 16 MiB parts, each reported as sent.
    expect(summary.upload).toMatchObject({ upload_type: 'multipart', status: 'completed', size, progress: [expect.any(Number), size] });
    expect(summary.task).toMatchObject({ status: 'completed', duration: expect.closeTo(2, 0) });
    expect(summary.download).toEqual({ bytes: summary.task?.file_size, type: expect.stringMatching(/^video\/mp4/) });
    expect(summary.callbacks).toEqual([{ type: 'task.completed', task: summary.task?.id, tampered: 'refused' }]);
    // Every read of the burst answered, though the gateway refused some at first.
    expect(summary.burst).toMatchObject({ answers: 80, completed: 80, throttledReads: expect.any(Number) });
    expect(summary.burst?.throttledReads).toBeGreaterThan(0);
    expect(summary.unretried).toEqual({ rateLimitError: true, status: 429, code: 'rate_limited', retryAfter: expect.any(Number), requestId: true });
    // The fourth cut of the minute waited for the window as Retry-After said, then ran once: one task per call.
    expect(summary.cuts?.answered).toEqual(['accepted', 'accepted', 'accepted']);
    expect((summary.cuts?.refusedCuts as number[]).length).toBeGreaterThan(0);
    expect((summary.cuts?.refusedCuts as number[]).every((ms) => ms >= 1000)).toBe(true);
    expect(summary.steps).toEqual(['first', 'fourth', 'second', 'third']);
  }, 300_000);
});
