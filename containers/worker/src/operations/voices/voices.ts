import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Operation } from '../operation';
import { withVoiceErrors } from '../redub/voice-errors';

/** `voices`: the voices the configured provider offers, as a JSON list of `{name, voice_id}`. */
export const voices: Operation<'voices'> = async ({ dir, signal, secrets, providers }) => {
  const list = await withVoiceErrors('voice_id', () => providers.voice(secrets?.elevenlabsKey).voices(signal));
  const fileName = 'voices.json';
  const path = join(dir, fileName);
  await writeFile(path, JSON.stringify(list, null, 2));
  return { output: { path, fileName, mediaType: 'application/json' } };
};
