import { TASK_WAIT_MAX_SECONDS } from '../../jobs/contracts/task-wait';
import { MAX_INPUT_BYTES, MAX_PARTS, MIN_PART_BYTES, MULTIPART_THRESHOLD_BYTES, SINGLE_PUT_MAX_BYTES, DEFAULT_PART_BYTES, formatBytes } from '../../uploads/contracts/upload-limits';

/** The size and time limits, in the document's description, from the same constants that enforce them. */
export const limitsDescription = [
  '## Limits',
  `- Largest input file: Basic ${formatBytes(MAX_INPUT_BYTES.basic)}, Boost ${formatBytes(MAX_INPUT_BYTES.boost)}, Elite ${formatBytes(MAX_INPUT_BYTES.elite)}, by upload, URL or output id; \`POST /uploads\` refuses a larger \`size\` with 413 before any byte is sent.`,
  '- A request: 6 MB once encoded; a file sent in the request itself stops at about 4.4 MB. Larger files: a URL, or `POST /uploads`.',
  `- \`POST /uploads\`: one PUT up to ${formatBytes(SINGLE_PUT_MAX_BYTES)}; above ${formatBytes(MULTIPART_THRESHOLD_BYTES)} a resumable multipart upload of ${formatBytes(DEFAULT_PART_BYTES)} parts (at least ${formatBytes(MIN_PART_BYTES)} each but the last, at most ${MAX_PARTS}); signed URLs work 1 h, a file_id 24 h.`,
  '- Outputs are kept 7 days, and their `output.file_id` works as an input for as long.',
  '- `dry_run=1` on a processing endpoint answers the plan (output duration and size, estimated processing time) without running anything: it is never queued and never counts against the per-minute limit.',
  `- \`download=1\` and \`/frame/last\` wait up to about 25 s, \`GET /task/{id}?wait=\` up to ${TASK_WAIT_MAX_SECONDS} s. A job is tried up to 3 times and runs at most 11 hours; each ffmpeg run has a limit from its input (60 s plus 6 s per second of input per megapixel).`,
].join('\n');
