import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderGenerated } from './render-generated';

/**
 * Writes the files made from the API's OpenAPI document (the SDK's types and operation table, the portal's
 * llms.txt), or with `--check` fails when the committed ones differ from what the document gives now: the
 * type check runs that, so an API change that was not regenerated stops the build instead of shipping an
 * SDK that disagrees with the API.
 */

const repoRoot = join(import.meta.dirname, '..', '..');

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const [path, text] of Object.entries(await renderGenerated())) {
    if (!check) writeFileSync(join(repoRoot, path), text);
    else if (readText(join(repoRoot, path)) !== text) stale.push(path);
  }
  if (stale.length > 0) {
    console.error(`These files disagree with the OpenAPI document: ${stale.join(', ')}.\nRun \`npm run -w sdk generate\` and commit the result.`);
    process.exit(1);
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

void main();
