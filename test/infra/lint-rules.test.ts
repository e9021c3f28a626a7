import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The lint rules are part of the build: each case lints new text under the
 * path of a file that exists (so the type-aware rules get its TypeScript
 * project) and names the rule that must refuse it, or none. ESLint's config is
 * an ES module, which jest's sandbox cannot import, so the cases are linted
 * together in one child process through ESLint's own API.
 */
const root = join(__dirname, '..', '..');

const LINT_CASES = `
import { ESLint } from 'eslint';
const cases = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd(), overrideConfigFile: '.eslint.config.mjs' });
const found = [];
for (const { code, file } of cases) {
  const [result] = await eslint.lintText(code, { filePath: file });
  found.push(result.messages.map((message) => message.ruleId ?? message.message));
}
process.stdout.write(JSON.stringify(found));
`;

interface LintCase {
  name: string;
  file: string;
  code: string;
  /** The rule that must refuse the code; null: it must pass clean. */
  refusedBy: string | null;
}

const cases: LintCase[] = [
  {
    name: 'a floating promise in server code',
    file: 'functions/src/kernel/config/links.ts',
    code: 'async function save(): Promise<void> {}\nexport function run(): void {\n  save();\n}\n',
    refusedBy: '@typescript-eslint/no-floating-promises',
  },
  {
    name: 'the same call once awaited',
    file: 'functions/src/kernel/config/links.ts',
    code: 'async function save(): Promise<void> {}\nexport async function run(): Promise<void> {\n  await save();\n}\n',
    refusedBy: null,
  },
  {
    name: 'a promise handed where a void callback is expected',
    file: 'containers/worker/src/main.ts',
    code: 'export function wire(button: { onclick: (() => void) | null }): void {\n  button.onclick = async () => {};\n}\n',
    refusedBy: '@typescript-eslint/no-misused-promises',
  },
  {
    name: 'a switch over a union that forgets a member',
    file: 'functions/src/kernel/config/links.ts',
    code: "export function label(tier: 'basic' | 'pro'): string {\n  switch (tier) {\n    case 'basic':\n      return 'b';\n  }\n  return '';\n}\n",
    refusedBy: '@typescript-eslint/switch-exhaustiveness-check',
  },
  {
    name: 'a feature importing another feature',
    file: 'frontend/src/features/settings/schemas.ts',
    code: "import { credentialsSchema } from '../auth/validation';\nexport const schema = credentialsSchema;\n",
    refusedBy: 'import-x/no-restricted-paths',
  },
  {
    name: 'shared code importing a feature',
    file: 'frontend/src/lib/account-rules.ts',
    code: "import { credentialsSchema } from '../features/auth/validation';\nexport const schema = credentialsSchema;\n",
    refusedBy: 'import-x/no-restricted-paths',
  },
  {
    name: 'a feature importing lib and itself',
    file: 'frontend/src/features/auth/auth-failure-texts.ts',
    code: "import { MIN_PASSWORD_LENGTH } from '../../lib/account-rules';\nimport { credentialsSchema } from './validation';\nexport const both = [MIN_PASSWORD_LENGTH, credentialsSchema] as const;\n",
    refusedBy: null,
  },
  {
    name: 'the portal importing the API contracts',
    file: 'frontend/src/lib/languages.ts',
    code: "import { TIERS } from '@frameforge/functions/kernel/contracts/plans';\nexport const tiers = TIERS;\n",
    refusedBy: null,
  },
  {
    name: 'the portal importing server code of the functions package',
    file: 'frontend/src/lib/languages.ts',
    code: "import type { JobError } from '@frameforge/functions/features/jobs/domain/job';\nexport type Failure = JobError;\n",
    refusedBy: 'no-restricted-imports',
  },
  {
    name: 'the kernel importing a feature',
    file: 'functions/src/kernel/config/links.ts',
    code: "import { TERMINAL_STATUSES } from '../../features/jobs/domain/job';\nexport const ended = TERMINAL_STATUSES;\n",
    refusedBy: 'import-x/no-restricted-paths',
  },
  {
    name: 'a package its workspace does not declare',
    file: 'containers/worker/src/main.ts',
    code: "import Stripe from 'stripe';\nexport const client = Stripe;\n",
    refusedBy: 'import-x/no-extraneous-dependencies',
  },
  {
    name: 'a type-only import whose @types package its workspace does not declare',
    file: 'containers/worker/src/main.ts',
    code: "import type { Context } from 'aws-lambda';\nexport type Run = Context;\n",
    refusedBy: 'import-x/no-extraneous-dependencies',
  },
  {
    name: 'a type-only import whose @types package its workspace declares, and a builtin',
    file: 'functions/src/kernel/config/links.ts',
    code: "import type { Context } from 'aws-lambda';\nimport { join } from 'node:path';\nexport type Run = Context;\nexport const joined = join('a', 'b');\n",
    refusedBy: null,
  },
  {
    name: 'the config importing a package only a workspace declares',
    file: '.eslint.config.mjs',
    code: "import Stripe from 'stripe';\nexport const client = Stripe;\n",
    refusedBy: 'import-x/no-extraneous-dependencies',
  },
  {
    name: 'a relative import into another workspace',
    file: 'containers/worker/src/main.ts',
    code: "import { TIERS } from '../../../functions/src/kernel/contracts/plans';\nexport const tiers = TIERS;\n",
    refusedBy: 'import-x/no-relative-packages',
  },
  {
    name: 'a circle of value imports between worker modules',
    file: 'containers/worker/src/operations/operation.ts',
    code: "import { createProviders } from '../providers';\nexport const made = createProviders;\n",
    refusedBy: 'import-x/no-cycle',
  },
  {
    name: 'the worker importing the functions package around its jobs entry',
    file: 'containers/worker/src/main.ts',
    code: "import { mediaTypeOf } from '@frameforge/functions/features/jobs/domain/media-files';\nexport const typeOf = mediaTypeOf;\n",
    refusedBy: 'no-restricted-imports',
  },
  {
    name: 'the worker importing the jobs entry and the contracts',
    file: 'containers/worker/src/main.ts',
    code: "import { mediaTypeOf } from '@frameforge/functions/jobs';\nimport { TIERS } from '@frameforge/functions/kernel/contracts/plans';\nexport const both = [mediaTypeOf, TIERS] as const;\n",
    refusedBy: null,
  },
  {
    name: "zod's named z, which keeps every zod locale in a bundle",
    file: 'functions/src/kernel/config/links.ts',
    code: "import { z } from 'zod';\nexport const name = z.string();\n",
    refusedBy: 'no-restricted-syntax',
  },
  {
    name: 'zod imported as a namespace',
    file: 'functions/src/kernel/config/links.ts',
    code: "import * as z from 'zod';\nexport const name = z.string();\n",
    refusedBy: null,
  },
];

let found: string[][] = [];

beforeAll(() => {
  const input = cases.map(({ code, file }) => ({ code, file: join(root, file) }));
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_CASES, JSON.stringify(input)], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  found = JSON.parse(output) as string[][];
}, 180_000);

describe('lint rules bite', () => {
  it.each(cases.map((c, index) => [c.name, c, index] as const))('%s', (_name, { refusedBy }, index) => {
    const rules = found[index];
    if (refusedBy === null) expect(rules).toEqual([]);
    else expect(rules).toContain(refusedBy);
  });
});
