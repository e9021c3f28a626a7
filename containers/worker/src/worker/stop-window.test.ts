import { WORKER_HAND_BACK_SECONDS, WORKER_STOP_TIMEOUT_SECONDS, WORKER_STOP_WINDOW_SECONDS } from '@frameforge/functions/features/jobs/contracts/worker-lifecycle';
import { lifecycleConfigSchema } from '../config';

describe('the worker stop window', () => {
  it('defaults to what the task stopTimeout leaves after handing jobs back', () => {
    const config = lifecycleConfigSchema.parse({});
    expect(config.WORKER_STOP_WINDOW_SECONDS).toBe(WORKER_STOP_WINDOW_SECONDS);
    // The forced exit (window + hand back) still comes before ECS's SIGKILL.
    expect(config.WORKER_STOP_WINDOW_SECONDS + WORKER_HAND_BACK_SECONDS).toBeLessThan(WORKER_STOP_TIMEOUT_SECONDS);
    // And the window is most of the timeout, not a fraction of it that hands back jobs which had time to finish.
    expect(config.WORKER_STOP_WINDOW_SECONDS).toBeGreaterThanOrEqual(WORKER_STOP_TIMEOUT_SECONDS * 0.8);
  });

  it('refuses a window the task would cut short with SIGKILL', () => {
    expect(lifecycleConfigSchema.safeParse({ WORKER_STOP_WINDOW_SECONDS: String(WORKER_STOP_TIMEOUT_SECONDS) }).success).toBe(false);
    expect(lifecycleConfigSchema.parse({ WORKER_STOP_WINDOW_SECONDS: '2' }).WORKER_STOP_WINDOW_SECONDS).toBe(2);
  });

  it('beats only where a heartbeat file is named (the image names one)', () => {
    expect(lifecycleConfigSchema.parse({}).WORKER_HEARTBEAT_FILE).toBeUndefined();
    expect(lifecycleConfigSchema.parse({ WORKER_HEARTBEAT_FILE: '/tmp/worker.heartbeat' }).WORKER_HEARTBEAT_FILE).toBe('/tmp/worker.heartbeat');
  });
});
