import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { buildApp } from '@frameforge/infra/lib/frameforge-app';
import { flattenedTemplate } from './flatten-nested';
import { TEST_DEPLOYMENT, testAppProps } from './test-app';
import { FLATTENED_FILE, assemblyDirOf } from './shared-synthesis-files';

/**
 * `tsx synthesize-default.ts <dir>`: the default app, synthesized once for
 * every infra test file that reads only its templates or staged assets. The
 * flattened template is written last, under its final name only when whole:
 * its presence says the assembly beside it is complete.
 */
const dir = process.argv[2];
if (!dir) throw new Error('Usage: synthesize-default.ts <dir>');
const app = new App(testAppProps({}, assemblyDirOf(dir)));
const { main } = buildApp(app, TEST_DEPLOYMENT);
const partial = join(dir, `${FLATTENED_FILE}.partial`);
writeFileSync(partial, JSON.stringify(flattenedTemplate(main).toJSON()));
renameSync(partial, join(dir, FLATTENED_FILE));
