import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderGenerated } from './render-generated';

/**
 * Writes the SDK's types and operation table from the API's OpenAPI document, or with `--check` fails when the
 * committed files differ from what the document gives now: the type check runs that, so an API change that was
 * not regenerated into the SDK stops the build instead of shipping a client that disagrees with the API.
 */

const generatedDir = join(import.meta.dirname, '..', 'src', 'generated');

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const [name, text] of Object.entries(await renderGenerated())) {
    const path = join(generatedDir, name);
    if (!check) writeFileSync(path, text);
    else if (readText(path) !== text) stale.push(`sdk/src/generated/${name}`);
  }
  if (stale.length > 0) {
    console.error(`The SDK's generated files disagree with the OpenAPI document: ${stale.join(', ')}.\nRun \`npm run -w sdk generate\` and commit the result.`);
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
