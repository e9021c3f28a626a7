import { heartbeatIsFresh } from './worker/heartbeat';

/**
 * The container's health check (`node healthcheck.js`, from the Dockerfile
 * and the ECS task definition): exit 0 while the worker's job loop beats.
 * A bundle of its own, so a check loads a few kilobytes, not the worker.
 */
const file = process.env.WORKER_HEARTBEAT_FILE;
process.exit(file && heartbeatIsFresh(file) ? 0 : 1);
