import type { AddressInfo } from 'node:net';
import type { MirroredDelivery } from '@frameforge/functions/features/callbacks/contracts/callback-mirror';
import { createCallbackTap, deliveryFrame, TAP_PATHS, type CallbackTap } from './callback-tap';
import { readServerSentEvents, type ServerSentEvent } from './server-sent-events';

let tap: CallbackTap;
let origin = '';

beforeEach(async () => {
  tap = createCallbackTap();
  await new Promise<void>((resolve) => tap.server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(tap.server.address() as AddressInfo).port}`;
});

afterEach(() => tap.close());

const copy = (n: number): MirroredDelivery => ({
  callback_url: 'https://receiver.example/hook',
  headers: { 'Content-Type': 'application/json', 'FrameForge-Signature': `t=${n},v1=${'b'.repeat(64)}` },
  // Exactly as signed: spacing, escapes and non-ASCII text survive the trip.
  body: `{"id":"evt_${n}", "type":"task.completed","data":{"id":"${n}","note":"line\\nbreak caf\u00e9 \u2713"}}`,
});

const post = (body: unknown) =>
  fetch(`${origin}${TAP_PATHS.deliveries}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** A listener: its events as they come, and a way to hang up. */
async function listen() {
  const hangUp = new AbortController();
  const response = await fetch(`${origin}${TAP_PATHS.events}`, { signal: hangUp.signal });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const events = readServerSentEvents(response.body as ReadableStream<Uint8Array>);
  const next = async (): Promise<ServerSentEvent | undefined> => (await events.next()).value ?? undefined;
  return { next, hangUp: () => hangUp.abort() };
}

const waitFor = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('the callback tap', () => {
  it('hands each copy, unchanged and in order, to every connected listener', async () => {
    const first = await listen();
    const second = await listen();
    expect(tap.listenerCount()).toBe(2);
    for (const n of [1, 2]) {
      const answer = await post(copy(n));
      expect(answer.status).toBe(202);
      expect(await answer.json()).toEqual({ listeners: 2 });
    }
    for (const listener of [first, second]) {
      for (const n of [1, 2]) expect(await listener.next()).toEqual({ event: 'delivery', data: JSON.stringify(copy(n)) });
      listener.hangUp();
    }
    await waitFor(() => tap.listenerCount() === 0);
    expect(tap.listenerCount()).toBe(0);
  });

  it('drops a copy no listener is connected for, and does not replay it to a later one', async () => {
    expect(await (await post(copy(1))).json()).toEqual({ listeners: 0 });
    const late = await listen();
    await post(copy(2));
    expect(JSON.parse((await late.next())?.data ?? '')).toEqual(copy(2));
    late.hangUp();
  });

  it('refuses what is not a copy, and answers 404 elsewhere', async () => {
    expect((await post('not json')).status).toBe(400);
    expect((await post({ callback_url: 'x', headers: {}, body: 1 })).status).toBe(400);
    expect((await post({ body: '{}' })).status).toBe(400);
    expect((await fetch(`${origin}/other`)).status).toBe(404);
    expect((await fetch(`${origin}${TAP_PATHS.deliveries}`)).status).toBe(404);
  });

  it('ends the streams when it closes, so the stack stops at once', async () => {
    const listener = await listen();
    const started = Date.now();
    await tap.close();
    // The stream ends, or breaks off: either way the listener learns the tap is gone.
    expect(await listener.next().catch(() => undefined)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('readServerSentEvents', () => {
  it('joins data lines, skips comments, and reads events split anywhere across chunks', async () => {
    const text = `: connected\n\n${deliveryFrame(copy(1))}event: other\ndata: a\ndata: b\n\ndata: unnamed\n\n: keep-alive\n\n`;
    const bytes = Buffer.from(text, 'utf8');
    // Three bytes at a time: splits inside lines, inside the blank line and inside multi-byte characters.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(new Uint8Array(bytes.subarray(i, i + 3)));
        controller.close();
      },
    });
    const events: ServerSentEvent[] = [];
    for await (const event of readServerSentEvents(stream)) events.push(event);
    expect(events).toEqual([
      { event: 'delivery', data: JSON.stringify(copy(1)) },
      { event: 'other', data: 'a\nb' },
      { event: 'message', data: 'unnamed' },
    ]);
  });
});
