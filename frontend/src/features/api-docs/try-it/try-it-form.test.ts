import { endpointsOf, type Endpoint } from '../endpoints';
import { renderCurl } from '../examples/render-curl';
import { renderJavaScript } from '../examples/render-javascript';
import { FIXTURE } from '../openapi-fixture';
import { tryItFormOf } from './try-it-form';
import { initialValues, maskKey, tryItBody, tryItRequestOf } from './try-it-request';

const BASE = 'https://api.example.test';
const KEY = 'ff_test_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const endpoint = (method: string, path: string): Endpoint => {
  const found = endpointsOf(FIXTURE).find((e) => e.method === method && e.path === path);
  if (!found) throw new Error(`${method} ${path} is not in the fixture`);
  return found;
};

describe('the try-it form, generated from the OpenAPI document', () => {
  it('asks for each field of /crop by its type, the sample in the upload, working values in the required fields', () => {
    const form = tryItFormOf(endpoint('post', '/crop'));
    expect(form.body).toBe('multipart');
    expect(form.fields.map((f) => [f.name, f.location, f.kind, f.required, f.initial])).toEqual([
      ['Idempotency-Key', 'header', 'text', false, ''],
      ['file', 'body', 'file', false, 'sample'],
      ['url', 'body', 'text', false, ''],
      ['file_id', 'body', 'text', false, ''],
      ['w', 'body', 'number', true, '160'],
      ['h', 'body', 'number', true, '90'],
    ]);
    expect(form.fields.find((f) => f.name === 'w')).toMatchObject({ min: 2, max: 7680 });
    // The console follows the task itself: no download field to redirect the answer away.
    expect(form.fields.map((f) => f.name)).not.toContain('download');
  });

  it('offers fixed values as a choice, lists one per line, and defaults as written', () => {
    const form = tryItFormOf(endpoint('post', '/merge_urls'));
    expect(form.fields.find((f) => f.name === 'transition')).toMatchObject({ kind: 'choice', options: ['fade', 'wipeleft', 'custom'], initial: '' });
    expect(form.fields.find((f) => f.name === 'urls')).toMatchObject({ kind: 'list' });
    expect(form.fields.find((f) => f.name === 'duration')).toMatchObject({ kind: 'number', min: 0.05, max: 10 });
  });

  it('asks for path parameters and sends JSON where the operation takes only JSON', () => {
    expect(tryItFormOf(endpoint('get', '/task/{id}'))).toEqual({ body: 'none', fields: [expect.objectContaining({ name: 'id', location: 'path', required: true, initial: '' })] });
    expect(tryItFormOf(endpoint('post', '/uploads')).body).toBe('json');
  });
});

describe('the try-it request', () => {
  it('is the request the docs teach: the sample as the file part, then the fields, the same in curl and in the SDK', () => {
    const crop = endpoint('post', '/crop');
    const form = tryItFormOf(crop);
    const request = tryItRequestOf(crop, form, initialValues(form), BASE, maskKey(KEY));
    expect(renderCurl(request).split(' \\\n  ')).toEqual(['curl -X POST https://api.example.test/crop', "-H 'X-API-Key: ff_test_…6789'", '-F file=@sample.mp4', '-F w=160', '-F h=90']);
    expect(renderJavaScript(request)).toContain("const task = await ff.crop({\n  file: await openAsBlob('sample.mp4'),\n  w: 160,\n  h: 90,\n});");
  });

  it('sends the same fields in the same order as a multipart form, the sample fetched from the portal', async () => {
    const crop = endpoint('post', '/crop');
    const form = tryItFormOf(crop);
    const values = initialValues(form);
    values.text['Idempotency-Key'] = 'retry-1';
    const body = await tryItBody(form, values, () => Promise.resolve(new Blob(['clip'], { type: 'video/mp4' })));
    expect(body).toBeInstanceOf(FormData);
    const entries = [...(body as FormData).entries()].map(([name, value]) => [name, typeof value === 'string' ? value : (value as File).name]);
    expect(entries).toEqual([
      ['file', 'sample.mp4'],
      ['w', '160'],
      ['h', '90'],
    ]);
    expect(tryItRequestOf(crop, form, values, BASE, KEY).headers).toEqual([
      ['X-API-Key', KEY],
      ['Idempotency-Key', 'retry-1'],
    ]);
  });

  it('puts path parameters into the URL, sends a list one value per line, and leaves optional fields out until filled', () => {
    const task = endpoint('get', '/task/{id}');
    const form = tryItFormOf(task);
    const values = initialValues(form);
    values.text.id = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
    expect(tryItRequestOf(task, form, values, BASE, KEY).url).toBe(`${BASE}/task/6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f`);
    const merge = endpoint('post', '/merge_urls');
    const mergeForm = tryItFormOf(merge);
    const mergeValues = initialValues(mergeForm);
    mergeValues.text.urls = 'https://a.test/1.mp4\n\nhttps://a.test/2.mp4';
    const request = tryItRequestOf(merge, mergeForm, mergeValues, BASE, KEY);
    expect(request.body).toEqual({ kind: 'form', fields: [{ name: 'urls', value: 'https://a.test/1.mp4', file: false }, { name: 'urls', value: 'https://a.test/2.mp4', file: false }] });
  });
});
