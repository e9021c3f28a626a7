import { rmSync } from 'node:fs';
import { App, type Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '@frameforge/infra/lib/frameforge-app';
import { flattenedTemplate } from './flatten-nested';
import { sharedSynthesis, type SharedSynthesis } from './shared-synthesis';
import { TEST_DEPLOYMENT, testAppProps } from './test-app';

export type Resource = { Properties: Record<string, unknown> };

export interface SynthesizedStack extends SharedSynthesis {
  readonly stack: Stack;
}

/** Each synthesis stages every Lambda bundle (the picture re-encoder carries libvips): dropped after the test file. */
const synthesized: string[] = [];
afterAll(() => {
  for (const dir of synthesized.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * An app for one test file; its cloud assembly is removed after the file.
 * CDK's own check of the templates against CloudFormation's schemas is left
 * to `cdk synth` and the run's default synthesis: it cost about 8 s of CPU
 * in each of the eight other syntheses, half of each.
 */
export function testApp(context: Record<string, string> = {}, outdir?: string): App {
  const app = new App({ ...testAppProps(context, outdir), builtinCloudFormationValidation: false });
  synthesized.push(app.outdir);
  return app;
}

/**
 * Synthesizes the real stack in this test file, around the Lambda bundles
 * that `cdk synth` built (its `build` step); `test/assets` loads and invokes
 * the staged copies. The template is the app with its nested stacks inlined
 * (`flatten-nested.ts`). `context` stands in for `-c key=value`. For the
 * default app's template or staged assets alone, `sharedSynthesis` is the
 * run's one synthesis.
 */
export function synthStack(context: Record<string, string> = {}): SynthesizedStack {
  const app = testApp(context);
  const { main: stack } = buildApp(app, TEST_DEPLOYMENT);
  // The dependency-cycle check stays on: it costs ~30 ms and a cycle (a function
  // naming its own API's stage, or the user pool its trigger) only fails at deploy.
  const template = flattenedTemplate(stack);
  return { stack, template, outdir: app.outdir };
}

/** The default app's template, from the run's one synthesis. */
export function synthTemplate(): Template {
  return sharedSynthesis().template;
}

export const resourcesOf = (template: Template, type: string): Resource[] =>
  Object.values(template.findResources(type)) as Resource[];

/** Our handler functions: Node 24 on arm64 (the SPA deployment's own function is Python). */
export const handlerFunctionsOf = (template: Template): Resource[] =>
  resourcesOf(template, 'AWS::Lambda::Function').filter(
    // Ours: Node 24, on arm64 or (with native modules, such as the picture re-encoder) x86_64; CDK's own helpers run older runtimes.
    (f) => String(f.Properties.Runtime).startsWith('nodejs2') && ['arm64', 'x86_64'].includes((f.Properties.Architectures as string[] | undefined)?.[0] ?? ''),
  );
