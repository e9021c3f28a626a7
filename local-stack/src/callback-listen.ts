import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { mirroredDeliverySchema } from '@frameforge/functions/features/callbacks/contracts/callback-mirror';
import { createForwarder } from './callback-forwarder';
import { forwardDelivery, taskReadableWith } from './callback-forwarding';
import { TAP_PATHS } from './callback-tap';
import { readServerSentEvents } from './server-sent-events';

const USAGE = `Usage: npm run local:listen -- --forward-to http://localhost:3000/webhooks [--api-key ff_…]
  --forward-to URL   where each signed callback of the local stack is POSTed (required)
  --api-key KEY      only the callbacks of this key's user (checked with GET /task/{id})
  --tap-url URL      the stack's callback tap (default: FRAMEFORGE_CALLBACK_TAP_URL, else the running stack's endpoints.json)
  --api-url URL      the product API, for --api-key (default: the running stack's endpoints.json)`;

const httpUrl = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : undefined) })
  .url('must be an http:// or https:// URL')
  .refine((url) => /^https?:\/\//.test(url), 'must be an http:// or https:// URL');
const optionsSchema = z.object({
  'forward-to': httpUrl,
  'api-key': z.string().min(1).optional(),
  'tap-url': httpUrl.optional(),
  'api-url': httpUrl.optional(),
});
type Options = z.infer<typeof optionsSchema>;

/** Between tries to reach a tap that is not (or no longer) there. */
const RECONNECT_MS = 1000;

function readOptions(): Options {
  try {
    const { values } = parseArgs({
      options: { 'forward-to': { type: 'string' }, 'api-key': { type: 'string' }, 'tap-url': { type: 'string' }, 'api-url': { type: 'string' } },
      strict: true,
    });
    return optionsSchema.parse({ ...values, 'tap-url': values['tap-url'] ?? process.env.FRAMEFORGE_CALLBACK_TAP_URL });
  } catch (error) {
    console.error(`${error instanceof z.ZodError ? error.issues.map((i) => `--${i.path.join('.')} ${i.message}`).join('\n') : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
}

/** The running stack's endpoints (`npm start` writes them), for whatever the flags left out. */
function stackEndpoint(name: 'callbackTap' | 'productApi'): string {
  const stateDir = process.env.FRAMEFORGE_STATE_DIR ?? join(resolve(__dirname, '../..'), '.local');
  const file = join(stateDir, 'endpoints.json');
  const endpoint = existsSync(file) ? z.record(z.string(), z.string()).safeParse(JSON.parse(readFileSync(file, 'utf8'))).data?.[name] : undefined;
  if (!endpoint) {
    console.error('The local stack is not running (or predates the callback tap): start it with `npm start` first.');
    process.exit(1);
  }
  return endpoint;
}

async function main() {
  const options = readOptions();
  const tapUrl = (options['tap-url'] ?? stackEndpoint('callbackTap')).replace(/\/+$/, '');
  const apiKey = options['api-key'];
  const apiUrl = apiKey ? (options['api-url'] ?? stackEndpoint('productApi')) : undefined;
  const target = options['forward-to'];
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stop.abort();
      console.log('Stopped forwarding.');
      process.exit(0);
    });
  }

  const handle = createForwarder({
    target,
    forward: forwardDelivery,
    ...(apiKey && apiUrl ? { ownsTask: (taskId: string) => taskReadableWith(apiUrl, apiKey, taskId) } : {}),
    print: (line) => console.log(line),
    warn: (line) => console.error(line),
  });

  let connectedBefore = false;
  let waitingSaid = false;
  while (!stop.signal.aborted) {
    try {
      const response = await fetch(`${tapUrl}${TAP_PATHS.events}`, { headers: { Accept: 'text/event-stream' }, signal: stop.signal });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      // The tap has counted this listener before answering: every copy from now on reaches it.
      console.log(connectedBefore ? 'Reconnected.' : `Ready! Forwarding the local stack's callbacks to ${target}${apiKey ? ' (one key\'s user only)' : ''}. Ctrl-C stops.`);
      connectedBefore = true;
      waitingSaid = false;
      // One at a time, in the order the tries were made.
      for await (const event of readServerSentEvents(response.body)) {
        const delivery = event.event === 'delivery' ? mirroredDeliverySchema.safeParse(parseJson(event.data)) : undefined;
        if (delivery?.success) await handle(delivery.data);
      }
      console.error('The callback tap closed the stream (the stack stopped?): reconnecting…');
    } catch (error) {
      if (stop.signal.aborted) break;
      if (!waitingSaid) console.error(`Waiting for the callback tap at ${tapUrl} (is \`npm start\` running?): ${reasonOf(error)}`);
      waitingSaid = true;
    }
    await sleep(RECONNECT_MS).catch(() => undefined);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** fetch says only "fetch failed"; the cause says why (ECONNREFUSED…). */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
