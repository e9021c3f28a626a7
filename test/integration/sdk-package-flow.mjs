import { openAsBlob } from 'node:fs';
import { createServer } from 'node:http';
import { FrameForge, RateLimitError, SignatureVerificationError } from '@frameforge/sdk';

/**
 * What a customer writes with the packed SDK and nothing else: a large file uploaded, cut, waited for and
 * downloaded; the task's callback verified by a receiver of their own; and a burst of reads and a fourth
 * processing request in a minute on a Basic key, which the SDK rides out by itself. Prints one JSON summary.
 */

const { FRAMEFORGE_API_URL: baseUrl, FRAMEFORGE_API_KEY: apiKey, FRAMEFORGE_READ_KEY: readKey, CALLBACK_SECRET: secret, INPUT: input, RECEIVER_PORT: port } = process.env;
const retries = [];
const ff = new FrameForge({ apiKey, baseUrl, maxRetries: 5, onRetry: (info) => retries.push(info) });

// The receiver: each callback is checked against the raw bytes received, as the SDK's README says.
const callbacks = [];
const receiver = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    const body = Buffer.concat(chunks);
    try {
      const event = await ff.callbacks.verify(req.headers['frameforge-signature'], body, secret);
      const tampered = await ff.callbacks.verify(req.headers['frameforge-signature'], Buffer.from(body.toString().replace('"completed"', '"failed"')), secret).then(
        () => 'accepted',
        (error) => (error instanceof SignatureVerificationError ? 'refused' : String(error)),
      );
      callbacks.push({ type: event.type, task: event.data.id, tampered });
      res.writeHead(200).end('ok');
    } catch (error) {
      callbacks.push({ error: String(error) });
      res.writeHead(400).end('bad signature');
    }
  });
});
await new Promise((resolve) => receiver.listen(Number(port), '127.0.0.1', resolve));

const uploadProgress = [];
const upload = await ff.uploads.upload(await openAsBlob(input, { type: 'video/mp4' }), {
  fileName: 'input.mp4',
  // Below the API's own 100 MiB: this file goes in parts, as a larger one would.
  multipartThreshold: 16 * 1024 * 1024,
  onProgress: (sent) => uploadProgress.push(sent),
});

const accepted = await ff.cut({ file_id: upload.file_id, start: 1, duration: 2, callback_url: 'https://receiver.example/hook', metadata: { step: 'first' } });
const task = await ff.tasks.wait(accepted.task_id);
const video = await ff.tasks.download(accepted.task_id);

const deadline = Date.now() + 60_000;
while (!callbacks.some((c) => c.task === accepted.task_id) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));

// The gateway's throttle: a burst well past a Basic key's bucket; the SDK waits out each 429 it meets. The bucket
// refills a few requests a second and every refused read comes back at once, so this client retries more often.
// It reads on a second key of the same account: each key has its own bucket, so the first key's stays full for
// what follows, which is about the per-minute limit.
const reader = new FrameForge({ apiKey: readKey, baseUrl, maxRetries: 30, onRetry: (info) => retries.push(info) });
const burst = await Promise.all(Array.from({ length: Number(process.env.BURST) }, () => reader.tasks.get(accepted.task_id).then((t) => t.status)));
const throttledReads = retries.filter((r) => r.status === 429 && r.method === 'GET').length;

// The per-minute limit: Basic takes 3 processing requests a minute; the first cut was one, two more fill it.
const cut = (step, client = ff) => client.cut({ file_id: task.output.file_id, duration: 1, metadata: { step } });
const filled = await Promise.all(['second', 'third'].map((step) => cut(step)));
// Without retries the refusal is the caller's to handle: a typed error saying when to come back.
const unretried = await cut('refused', new FrameForge({ apiKey, baseUrl, maxRetries: 0 })).catch((error) => error);
retries.length = 0;
const fourth = await cut('fourth');
const refusedCuts = retries.filter((r) => r.status === 429 && r.method === 'POST').map((r) => r.delayMs);
const listed = await ff.tasks.list({ limit: 20 });

receiver.close();
console.log(
  JSON.stringify({
    upload: { file_id: upload.file_id, upload_type: upload.upload_type, status: upload.status, size: upload.size, progress: uploadProgress },
    task: { id: task.id, status: task.status, file_size: task.output.file_size, duration: task.output.duration },
    download: { bytes: video.size, type: video.type },
    callbacks,
    burst: { answers: burst.length, completed: burst.filter((s) => s === 'completed').length, throttledReads },
    cuts: { answered: [...filled, fourth].map((m) => m.status), refusedCuts },
    steps: listed.data.map((t) => t.metadata?.step).filter(Boolean).sort(),
    unretried: { rateLimitError: unretried instanceof RateLimitError, status: unretried.status, code: unretried.code, retryAfter: unretried.retryAfter, requestId: Boolean(unretried.requestId) },
  }),
);
