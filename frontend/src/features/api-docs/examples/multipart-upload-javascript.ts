import { PART_URL_BATCH } from '@frameforge/functions/features/uploads/contracts/upload-limits';
import { jsString } from './render-javascript';

/**
 * An ES module for Node 18+ (fetch is built in; a FileHandle reads one part
 * at a time, where openAsBlob would need Node 20) that also runs in a
 * browser once `name`, `size` and `slice` come from a File instead.
 */
export function multipartUploadJavaScript(baseUrl: string, apiKey: string): string {
  return `// A large file in parts: node upload.mjs input.mp4 (Node 18+). In a browser, take a File from
// <input type="file"> instead: name = file.name, size = file.size, slice = (a, b) => file.slice(a, b).
// @frameforge/sdk does all of this in one call: await ff.uploads.upload(await openAsBlob(path)).
import { open } from 'node:fs/promises';

const API = ${jsString(baseUrl)};
const KEY = ${jsString(apiKey)};
const path = process.argv[2] ?? 'input.mp4';
const name = path.split(/[\\\\/]/).pop();
const file = await open(path);
const { size } = await file.stat();
const slice = async (start, end) => {
  const length = Math.min(end, size) - start;
  return (await file.read(Buffer.alloc(length), 0, length, start)).buffer;
};

async function api(route, body) {
  const init = { method: body ? 'POST' : 'GET', headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' } };
  const response = await fetch(API + route, body ? { ...init, body: JSON.stringify(body) } : init);
  if (!response.ok) throw new Error(\`\${route}: \${response.status} \${await response.text()}\`);
  return response.json();
}

// 1. Create the upload with the file's size (upload_type multipart: in parts at any size).
const { file_id, part_size, part_count } = await api('/uploads', { file_name: name, content_type: 'video/mp4', size, upload_type: 'multipart' });

// 2. ${PART_URL_BATCH} parts at a time: list what arrived, sign fresh URLs for the rest, PUT each missing
//    part (only its slice of the file) and keep the ETag it answers. A failed part goes again next round.
const etags = {};
for (let first = 1; first <= part_count; first += ${PART_URL_BATCH}) {
  for (let round = 1; ; round++) {
    const status = await api(\`/uploads/\${file_id}?part_numbers=\${first}-\${Math.min(first + ${PART_URL_BATCH - 1}, part_count)}\`);
    for (const part of status.parts) etags[part.part_number] = part.etag;
    const missing = status.part_urls.filter((url) => !etags[url.part_number]);
    if (missing.length === 0) break;
    if (round > 3) throw new Error(\`parts \${missing.map((url) => url.part_number)} keep failing\`);
    for (const { part_number: n, upload_url } of missing) {
      const put = await fetch(upload_url, { method: 'PUT', body: await slice((n - 1) * part_size, n * part_size) }).catch((error) => error);
      if (put.ok) etags[n] = put.headers.get('ETag');
      else console.warn(\`part \${n} failed (\${put.status ?? put.message}); it goes again\`);
    }
  }
}

// 3. Complete with each part's ETag, then use the file_id in place of an upload.
const parts = Object.entries(etags).map(([n, etag]) => ({ part_number: Number(n), etag }));
console.log(await api(\`/uploads/\${file_id}/complete\`, { parts }));
console.log(await api('/cut', { file_id, start: 0, duration: 10 }));
`;
}
