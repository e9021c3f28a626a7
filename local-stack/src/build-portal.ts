import { join, resolve } from 'node:path';
import { ensureFrontendBuild } from './frontend-build';

/** `npm run build:portal`: the portal built when its sources changed since the last build, as the local stack does at start. */
ensureFrontendBuild(join(resolve(__dirname, '../..'), 'frontend'));
