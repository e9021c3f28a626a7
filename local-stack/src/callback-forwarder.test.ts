import type { MirroredDelivery } from '@frameforge/functions/features/callbacks/contracts/callback-mirror';
import { createForwarder, forwardedLine, summaryOf } from './callback-forwarder';
import type { ForwardOutcome } from './callback-forwarding';

const TARGET = 'http://localhost:3000/webhooks';
const copyOf = (taskId: string, type = 'task.completed'): MirroredDelivery => ({
  callback_url: 'https://receiver.example/hook',
  headers: { 'FrameForge-Event-Id': `evt_${taskId}_${type.slice(5)}` },
  body: JSON.stringify({ id: `evt_${taskId}_${type.slice(5)}`, type, data: { id: taskId } }),
});

function setup(answers: ForwardOutcome[], owned?: Record<string, boolean | Error>) {
  const forwarded: string[] = [];
  const printed: string[] = [];
  const warned: string[] = [];
  const handle = createForwarder({
    target: TARGET,
    forward: (delivery) => {
      forwarded.push(summaryOf(delivery).eventId);
      return Promise.resolve(answers.shift() ?? { status: 200 });
    },
    ...(owned ? { ownsTask: (taskId: string) => (owned[taskId] instanceof Error ? Promise.reject(owned[taskId]) : Promise.resolve(owned[taskId] === true)) } : {}),
    print: (line) => printed.push(line),
    warn: (line) => warned.push(line),
    now: () => new Date(2025, 0, 2, 3, 4, 5),
  });
  return { handle, forwarded, printed, warned };
}

describe('the forwarder', () => {
  it('forwards each copy and prints one line: when, the event, the task, where it went, the answer', async () => {
    const { handle, printed } = setup([{ status: 200 }, { error: 'connect ECONNREFUSED 127.0.0.1:3000' }]);
    await handle(copyOf('t1'));
    await handle(copyOf('t2', 'task.failed'));
    expect(printed).toEqual([
      `2025-01-02 03:04:05  task.completed  task t1  --> POST ${TARGET} [200]`,
      `2025-01-02 03:04:05  task.failed  task t2  --> POST ${TARGET} [no answer: connect ECONNREFUSED 127.0.0.1:3000]`,
    ]);
  });

  it('forwards the next try of an event until the receiver has answered it 2xx, then no more', async () => {
    const { handle, forwarded, printed } = setup([{ status: 500 }, { error: 'socket hang up' }, { status: 204 }]);
    for (let i = 0; i < 5; i++) await handle(copyOf('t1'));
    expect(forwarded).toEqual(['evt_t1_completed', 'evt_t1_completed', 'evt_t1_completed']);
    expect(printed).toHaveLength(3);
    // Another event of the same task is its own.
    await handle(copyOf('t1', 'task.failed'));
    expect(forwarded).toHaveLength(4);
  });

  it("with --api-key, skips other users' tasks quietly and says why when the key cannot tell", async () => {
    const { handle, forwarded, warned } = setup([], { mine: true, theirs: false, broken: new Error('the product API answered HTTP 401 for the --api-key') });
    for (const task of ['theirs', 'mine', 'broken']) await handle(copyOf(task));
    expect(forwarded).toEqual(['evt_mine_completed']);
    expect(warned).toEqual(['Not forwarded (task broken): the product API answered HTTP 401 for the --api-key']);
  });

  it('still prints a copy whose body is not an event', () => {
    const odd = { ...copyOf('t1'), body: 'not an event' };
    expect(summaryOf(odd)).toEqual({ eventId: '?', type: '?', taskId: '?' });
    expect(forwardedLine(odd, TARGET, { status: 400 }, new Date(2025, 0, 2, 3, 4, 5))).toBe(`2025-01-02 03:04:05  ?  task ?  --> POST ${TARGET} [400]`);
  });
});
