import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_CALLBACK_ATTEMPTS } from '@frameforge/functions/features/callbacks/contracts/callback-deliveries';
import { queues } from '@frameforge/functions/kernel/contracts/resources';
import { DEFAULT_PART_BYTES, MAX_INPUT_BYTES, MAX_PARTS, MIN_PART_BYTES, MULTIPART_THRESHOLD_BYTES, PART_URL_BATCH, SINGLE_PUT_MAX_BYTES, formatBytes } from '@frameforge/functions/features/uploads/contracts/upload-limits';
import { UPLOAD_TTL_SECONDS, UPLOAD_URL_SECONDS } from '@frameforge/functions/features/uploads/domain/uploads';
import { openApiDocument } from '@frameforge/functions/features/docs/openapi/openapi-document';
import { TIER_WORK_LIMITS } from '@frameforge/worker/admission/admission';
import { JOB_WALL_CLOCK_SECONDS } from '@frameforge/worker/ffmpeg/run-limits';

/** The README and the OpenAPI document give the size and time limits the code enforces, not a copy that drifts. */
const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
const limitsRow = (what: string) => readme.split('\n').find((line) => line.startsWith(`| ${what} |`)) ?? '';
const perPlan = `Basic ${formatBytes(MAX_INPUT_BYTES.basic)}, Boost ${formatBytes(MAX_INPUT_BYTES.boost)}, Elite ${formatBytes(MAX_INPUT_BYTES.elite)}`;

describe("the README's size and time limits", () => {
  it("give each plan's largest file", () => {
    expect(limitsRow('The largest input file, per plan')).toContain(perPlan);
  });

  it('give the single PUT and the multipart figures', () => {
    expect(limitsRow('`POST /uploads`, single PUT')).toContain(`up to ${formatBytes(SINGLE_PUT_MAX_BYTES)}`);
    const multipart = limitsRow('`POST /uploads`, multipart');
    expect(multipart).toContain(`above ${formatBytes(MULTIPART_THRESHOLD_BYTES)}`);
    expect(multipart).toContain(`parts of ${formatBytes(DEFAULT_PART_BYTES)}`);
    expect(multipart).toContain(`at least ${formatBytes(MIN_PART_BYTES)}`);
    expect(multipart).toContain(`at most ${MAX_PARTS.toLocaleString('en')}`);
    expect(multipart).toContain(`${PART_URL_BATCH} at a time`);
    expect(multipart).toContain(`work ${UPLOAD_URL_SECONDS / 3600} hour`);
    expect(limitsRow('A `file_id`')).toContain(`${UPLOAD_TTL_SECONDS / 3600} hours`);
  });

  it('give the media each plan admits, the longest job and the tries', () => {
    const media = limitsRow('Media a job admits, per plan');
    expect(media).toContain(`Basic ${TIER_WORK_LIMITS.basic.maxDurationSeconds / 60} min, Boost ${TIER_WORK_LIMITS.boost.maxDurationSeconds / 3600} h, Elite ${TIER_WORK_LIMITS.elite.maxDurationSeconds / 3600} h`);
    expect(limitsRow('Processing time')).toContain(`a job at most ${JOB_WALL_CLOCK_SECONDS / 3600} hours`);
    expect(limitsRow('Retries')).toContain(`tried ${queues.media.maxReceiveCount} times`);
    expect(limitsRow('Callbacks')).toContain(`up to ${MAX_CALLBACK_ATTEMPTS} tries`);
  });
});

describe("the OpenAPI document's limits", () => {
  const document = openApiDocument('https://api.example');

  it('are in its description, from the same constants', () => {
    expect(document.info.description).toContain(perPlan);
    expect(document.info.description).toContain(`at most ${JOB_WALL_CLOCK_SECONDS / 3600} hours`);
  });
});
