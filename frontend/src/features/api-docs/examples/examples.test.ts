import { endpointsOf, type Endpoint } from '../endpoints';
import { FIXTURE } from '../openapi-fixture';
import { exampleRequestOf } from './example-request';
import { renderCurl, shellWord } from './render-curl';
import { renderJavaScript } from './render-javascript';
import { renderPython } from './render-python';

const BASE = 'https://api.example.test';
const endpoint = (method: string, path: string): Endpoint => {
  const found = endpointsOf(FIXTURE).find((e) => e.method === method && e.path === path);
  if (!found) throw new Error(`${method} ${path} is not in the fixture`);
  return found;
};
const request = (method: string, path: string) => exampleRequestOf(endpoint(method, path), BASE);

describe('example requests', () => {
  it('sends the key header and the main upload as a file, plus the required fields', () => {
    const crop = request('post', '/crop');
    expect(crop.headers).toEqual([['X-API-Key', 'YOUR_API_KEY']]);
    expect(crop.body).toEqual({
      kind: 'form',
      fields: [
        { name: 'file', value: 'input.mp4', file: true },
        { name: 'w', value: '640', file: false },
        { name: 'h', value: '360', file: false },
        { name: 'download', value: '0', file: false },
      ],
    });
  });

  it('writes curl with the real base URL, -F file=@input.mp4 and the key', () => {
    const curl = renderCurl(request('post', '/crop'));
    expect(curl.split(' \\\n  ')).toEqual(['curl -X POST https://api.example.test/crop', "-H 'X-API-Key: YOUR_API_KEY'", '-F file=@input.mp4', '-F w=640', '-F h=360', '-F download=0']);
  });

  it('repeats list fields in every language', () => {
    const merge = request('post', '/merge_urls');
    expect(renderCurl(merge)).toContain('-F urls=https://example.com/clip1.mp4 \\\n  -F urls=https://example.com/clip2.mp4');
    expect(renderJavaScript(merge)).toContain("urls: ['https://example.com/clip1.mp4', 'https://example.com/clip2.mp4'],");
    expect(renderPython(merge)).toContain('data=[("urls", "https://example.com/clip1.mp4"), ("urls", "https://example.com/clip2.mp4"), ("download", "0")]');
  });

  it('uploads with the SDK and openAsBlob in JavaScript, and with files= in Python', () => {
    const crop = request('post', '/crop');
    const js = renderJavaScript(crop);
    expect(js).toContain("import { FrameForge } from '@frameforge/sdk';\nimport { openAsBlob } from 'node:fs';");
    expect(js).toContain("const ff = new FrameForge({ apiKey: 'YOUR_API_KEY', baseUrl: 'https://api.example.test' });");
    // Numbers as numbers; download=0 left out, as the example waits for the task with the SDK.
    expect(js).toContain("const task = await ff.crop({\n  file: await openAsBlob('input.mp4'),\n  w: 640,\n  h: 360,\n});\nconst done = await ff.tasks.wait(task.task_id);\nconsole.log(done.output);");
    const python = renderPython(crop);
    expect(python).toContain('response = requests.post(\n    "https://api.example.test/crop",\n    headers={"X-API-Key": "YOUR_API_KEY"},');
    expect(python).toContain('files=[("file", open("input.mp4", "rb"))],');
    expect(python).toContain('data={"w": "640", "h": "360", "download": "0"},');
  });

  it('sends a JSON body where the operation takes only JSON', () => {
    const upload = request('post', '/uploads');
    expect(upload.body).toEqual({ kind: 'json', value: { file_name: 'input.mp4', content_type: 'video/mp4' } });
    expect(renderCurl(upload)).toContain(`-H 'Content-Type: application/json' \\\n  -d '{"file_name":"input.mp4","content_type":"video/mp4"}'`);
    expect(renderJavaScript(upload)).toContain("console.log(await ff.uploads.create({\n  file_name: 'input.mp4',\n  content_type: 'video/mp4',\n}));");
    expect(renderPython(upload)).toContain('json={"file_name": "input.mp4", "content_type": "video/mp4"},');
  });

  it('fills path and query parameters, quoting the URL for the shell where needed', () => {
    expect(request('get', '/task/{id}').url).toMatch(/^https:\/\/api\.example\.test\/task\/[0-9a-f-]{36}$/);
    const file = request('get', '/file');
    expect(file.url).toBe('https://api.example.test/file?path=outputs/USER_ID/TASK_ID/output.mp4');
    expect(renderCurl(file)).toMatch(/^curl 'https:\/\/api\.example\.test\/file\?path=[^']+' \\/);
  });

  it('saves a redirected file and the JPEG of /frame/last, and prints JSON otherwise', () => {
    expect(request('get', '/file').answer).toEqual({ kind: 'file', saveAs: 'output.mp4' });
    expect(renderCurl(request('get', '/file'))).toContain('-L -o output.mp4');
    expect(request('post', '/frame/last').answer).toEqual({ kind: 'imageOrJson', saveAs: 'frame.jpg' });
    expect(renderPython(request('post', '/frame/last'))).toContain('if response.headers.get("content-type", "").startswith("image/"):');
    expect(request('get', '/healthz').answer).toEqual({ kind: 'text' });
    expect(renderPython(request('get', '/task/{id}'))).toContain('print(response.status_code, response.json())');
  });

  it('uses a form example from the document when it has one', () => {
    const crop = endpoint('post', '/crop');
    const body = crop.operation.requestBody;
    if (!body) throw new Error('crop has a body');
    const withExample: Endpoint = {
      ...crop,
      operation: { ...crop.operation, requestBody: { ...body, content: { 'multipart/form-data': { schema: {}, example: { video: '@clip.mov', w: 100, urls: ['a', 'b'] } } } } },
    };
    expect(exampleRequestOf(withExample, BASE).body).toEqual({
      kind: 'form',
      fields: [
        { name: 'video', value: 'clip.mov', file: true },
        { name: 'w', value: '100', file: false },
        { name: 'urls', value: 'a', file: false },
        { name: 'urls', value: 'b', file: false },
      ],
    });
  });
});

describe('the JavaScript examples on the SDK', () => {
  it('call the method of each operation with its parameters, and save what is a file', () => {
    expect(renderJavaScript(request('get', '/task/{id}'))).toMatch(/^console\.log\(await ff\.tasks\.get\('[0-9a-f-]{36}'\)\);$/m);
    expect(renderJavaScript(request('get', '/healthz'))).toContain('console.log(await ff.health());');
    expect(renderJavaScript(request('get', '/file'))).toContain("const url = await ff.files.url('outputs/USER_ID/TASK_ID/output.mp4');\nawait writeFile('output.mp4', ");
    const frame = renderJavaScript(request('post', '/frame/last'));
    expect(frame).toContain("const frame = await ff.frameLast({\n  file: await openAsBlob('input.mp4'),\n});\nif (frame instanceof Blob) {\n  await writeFile('frame.jpg', Buffer.from(await frame.arrayBuffer()));");
    expect(frame).toContain('console.log(await ff.tasks.wait(frame.task_id));');
  });
});

describe('examples with a key of the user', () => {
  it('carry the picked key instead of the placeholder in every language', () => {
    const key = 'ff_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    const crop = exampleRequestOf(endpoint('post', '/crop'), BASE, key);
    expect(crop.headers).toEqual([['X-API-Key', key]]);
    expect(renderCurl(crop)).toContain(`-H 'X-API-Key: ${key}'`);
    expect(renderJavaScript(crop)).toContain(`apiKey: '${key}'`);
    expect(renderPython(crop)).toContain(`headers={"X-API-Key": "${key}"}`);
    expect(renderCurl(crop)).not.toContain('YOUR_API_KEY');
  });
});

describe('shell quoting', () => {
  it('leaves plain words alone and single-quotes the rest', () => {
    expect(shellWord('file=@input.mp4')).toBe('file=@input.mp4');
    expect(shellWord('script=Hello from FrameForge!')).toBe("'script=Hello from FrameForge!'");
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
  });
});
