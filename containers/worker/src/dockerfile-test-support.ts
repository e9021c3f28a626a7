import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One Dockerfile instruction, its continuation lines joined, in the stage it belongs to. */
export interface Instruction {
  keyword: string;
  args: string;
  /** Index of the stage (its FROM) the instruction is in. */
  stage: number;
}

export interface Stage {
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** The worker's Dockerfile, read as Docker reads it: comments dropped, `\` continuations joined. */
export function readWorkerDockerfile(): Stage[] {
  return parseDockerfile(readFileSync(join(__dirname, '..', 'Dockerfile'), 'utf8'));
}

export function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (!line && !pending)) continue;
    const continued = line.endsWith('\\');
    pending += `${continued ? line.slice(0, -1) : line} `;
    if (!continued) {
      logical.push(pending.trim());
      pending = '';
    }
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [from = '', as, name] = rest;
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`instruction before FROM: ${line}`);
    stage.instructions.push({ keyword: keyword.toUpperCase(), args, stage: stages.length - 1 });
  }
  return stages;
}

/** The variables a stage's ENV instructions set (`KEY=value` pairs, later ones winning). */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of stage.instructions) {
    if (keyword !== 'ENV') continue;
    for (const pair of args.split(/\s+/)) {
      const at = pair.indexOf('=');
      if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return env;
}

/** The shell commands of a stage's RUN steps, split on `&&`. */
export function runCommands(stage: Stage): string[] {
  return stage.instructions
    .filter((i) => i.keyword === 'RUN')
    .flatMap((i) => i.args.split('&&'))
    .map((command) => command.trim().replace(/\s+/g, ' '));
}

/** What a `pip install` command installs, and from which index. */
export function pipInstall(command: string): { packages: string[]; indexUrl: string | undefined } | undefined {
  const words = command.split(' ');
  const at = words.findIndex((w, i) => /(^|\/)pip3?$/.test(w) && words[i + 1] === 'install');
  if (at < 0) return undefined;
  const packages: string[] = [];
  let indexUrl: string | undefined;
  const args = words.slice(at + 2);
  for (let i = 0; i < args.length; i += 1) {
    const word = args[i] ?? '';
    if (word === '--index-url' || word === '-i') indexUrl = args[(i += 1)];
    else if (word.startsWith('--index-url=')) indexUrl = word.slice('--index-url='.length);
    else if (!word.startsWith('-')) packages.push(word);
  }
  return { packages, indexUrl };
}
