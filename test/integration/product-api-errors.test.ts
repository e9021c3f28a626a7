import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEndpoints } from '../support/endpoints';
import { makeTestVideo } from '../support/media';
import { cutForm, signedUpUserWithKey } from '../support/product-user';

const endpoints = testEndpoints();
const api = endpoints.productApi;
let apiKey = '';
let video: Buffer;

beforeAll(async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'frameforge-it-')), 'input.mp4');
  await makeTestVideo(path, 2);
  video = readFileSync(path);
  apiKey = await signedUpUserWithKey(endpoints);
});

describe('product API, bad input', () => {
  const expectJsonError = async (response: Response, status: number, param?: string | null) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await response.json()) as { error: { code: string; message: string; param: string | null } };
    expect(body.error.message).toBeTruthy();
    if (param !== undefined) expect(body.error.param).toBe(param);
    return body;
  };

  it('answers 404 JSON to an unknown route, and 405 with Allow to a known one asked with another method', async () => {
    await expectJsonError(await fetch(`${api}/no-such-thing`), 404);
    const wrongMethod = await fetch(`${api}/healthz`, { method: 'DELETE' });
    expect(wrongMethod.headers.get('allow')).toBe('GET');
    await expectJsonError(wrongMethod, 405);
  });

  it('answers 401 JSON to a missing or wrong key', async () => {
    await expectJsonError(await fetch(`${api}/cut`, { method: 'POST', body: cutForm({}, video) }), 401, 'X-API-Key');
    const wrong = `ff_${'A'.repeat(49)}`;
    await expectJsonError(await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': wrong }, body: cutForm({}, video) }), 401, 'X-API-Key');
    await expectJsonError(await fetch(`${api}/task/x`, { headers: { 'X-API-Key': 'nonsense' } }), 401, 'X-API-Key');
  });

  it('answers 400 JSON naming the field to malformed multipart and bad fields', async () => {
    const headers = { 'X-API-Key': apiKey, 'Content-Type': 'multipart/form-data; boundary=xyz' };
    const truncated = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\nabc';
    await expectJsonError(await fetch(`${api}/cut`, { method: 'POST', headers, body: truncated }), 400, 'file');
    await expectJsonError(
      await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey, 'Content-Type': 'multipart/form-data' }, body: 'x' }),
      400,
      'Content-Type',
    );
    await expectJsonError(await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({ start: '1' }) }), 400, 'file');
    await expectJsonError(
      await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({ start: 'soon' }, video) }),
      400,
      'start',
    );
    await expectJsonError(
      await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({ duration: '0' }, video) }),
      400,
      'duration',
    );
    await expectJsonError(
      await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({ download: 'maybe' }, video) }),
      400,
      'download',
    );
  });

  it('answers 413 JSON naming the file when the body is over what API Gateway takes (10 MB)', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    await expectJsonError(await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({}, big) }), 413, 'file');
  });

  it('answers 413 where Lambda would refuse the event: 5 MB of file is over 6 MB once base64-encoded', async () => {
    const response = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({}, Buffer.alloc(5 * 1024 * 1024, 1)) });
    const body = await expectJsonError(response, 413, 'file');
    expect(JSON.stringify(body)).toMatch(/POST \/uploads/);
    // Just under: 4 MB of (not a video) is read, and refused for what it is, not for its size.
    const fits = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: cutForm({}, Buffer.alloc(4 * 1024 * 1024, 1)) });
    expect(fits.status).not.toBe(413);
    await fits.arrayBuffer();
  });

  it('answers a malformed percent-escape in the path with a JSON 404, not a gateway error', async () => {
    await expectJsonError(await fetch(`${api}/task/%00%ff`, { headers: { 'X-API-Key': apiKey } }), 404, 'id');
    const page = await fetch(`${endpoints.portal}/%ff`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('answers 404 naming the id to a task id that cannot exist, however long', async () => {
    await expectJsonError(await fetch(`${api}/task/${'a'.repeat(3000)}`, { headers: { 'X-API-Key': apiKey } }), 404, 'id');
    await expectJsonError(await fetch(`${api}/task/${'a'.repeat(3000)}/download`, { headers: { 'X-API-Key': apiKey } }), 404, 'id');
  });

  it('refuses a field sent twice with a 400 naming it', async () => {
    const form = cutForm({ start: '1' }, video);
    form.append('start', '2');
    await expectJsonError(await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': apiKey }, body: form }), 400, 'start');
  });

  it('does not trip over a Host header that is not a host', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${api}/healthz`, { headers: { Host: 'not a host' }, timeout: 5000 }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
      req.end();
    });
    expect(status).toBe(200);
  });

  it('still serves after all that', async () => {
    expect((await fetch(`${api}/healthz`)).status).toBe(200);
  });
});
