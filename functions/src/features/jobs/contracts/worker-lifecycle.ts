/**
 * The worker's stop sequence, shared by the worker (how long it keeps working
 * after SIGTERM) and the CDK (the task's `stopTimeout`), so the two cannot
 * disagree: a window longer than the timeout would SIGKILL jobs mid-upload,
 * a much shorter one would hand back jobs that had time to finish.
 */

/** Time between SIGTERM and SIGKILL that ECS gives the worker's container: Fargate's maximum. */
export const WORKER_STOP_TIMEOUT_SECONDS = 120;

/** After the window, running jobs are handed back to the queue; the process exits by force this long after. */
export const WORKER_HAND_BACK_SECONDS = 10;

/** For the last log lines to flush and the process to exit before SIGKILL. */
const EXIT_SLACK_SECONDS = 5;

/** How long running jobs may still finish after SIGTERM: all the timeout leaves after handing back and exiting. */
export const WORKER_STOP_WINDOW_SECONDS = WORKER_STOP_TIMEOUT_SECONDS - WORKER_HAND_BACK_SECONDS - EXIT_SLACK_SECONDS;
