import { PART_URL_BATCH } from '@frameforge/functions/features/uploads/contracts/upload-limits';
import { shellWord } from './render-curl';

/**
 * Bash with curl and jq (jq reads the JSON answers). The ETags come from the
 * listing of the parts received, which names the same ETags the PUTs
 * answered: collecting them from each PUT's headers would take more shell
 * than the whole flow.
 */
export function multipartUploadCurl(baseUrl: string, apiKey: string): string {
  const last = PART_URL_BATCH - 1;
  return `#!/usr/bin/env bash
# A large file in parts, with curl and jq: bash upload.sh input.mp4
set -euo pipefail
API=${shellWord(baseUrl)}
KEY=${shellWord(apiKey)}
FILE="\${1:-input.mp4}"

api() { # a JSON request; an error's answer goes to stderr
  local answer
  answer=$(curl -sS --fail-with-body -H "X-API-Key: $KEY" -H 'Content-Type: application/json' "$@") || { echo "$answer" >&2; return 1; }
  echo "$answer"
}

# 1. Create the upload with the file's size (upload_type multipart: in parts at any size).
UPLOAD=$(api -X POST "$API/uploads" -d "$(jq -n --arg name "$(basename "$FILE")" --argjson size "$(wc -c < "$FILE")" \\
  '{file_name: $name, content_type: "video/mp4", size: $size, upload_type: "multipart"}')")
read -r ID PART_SIZE COUNT <<< "$(jq -r '"\\(.file_id) \\(.part_size) \\(.part_count)"' <<< "$UPLOAD")"
PART=$(mktemp) && trap 'rm -f "$PART"' EXIT

# 2. ${PART_URL_BATCH} parts at a time: list what arrived, sign fresh URLs for the rest and PUT
#    each missing part (only its slice of the file). A failed part goes again next round.
for ((FIRST = 1; FIRST <= COUNT; FIRST += ${PART_URL_BATCH})); do
  LAST=$((FIRST + ${last} < COUNT ? FIRST + ${last} : COUNT))
  for ROUND in 1 2 3 4; do
    MISSING=$(api "$API/uploads/$ID?part_numbers=$FIRST-$LAST" | jq -r '[.parts[].part_number] as $held
      | .part_urls[] | select(.part_number | IN($held[]) | not) | "\\(.part_number) \\(.upload_url)"')
    [ -z "$MISSING" ] && break
    [ "$ROUND" = 4 ] && { echo "parts keep failing: $(cut -d' ' -f1 <<< "$MISSING" | xargs)" >&2; exit 1; }
    while read -r N URL; do
      dd if="$FILE" of="$PART" bs="$PART_SIZE" skip=$((N - 1)) count=1 2> /dev/null
      curl -sS --fail -T "$PART" -o /dev/null "$URL" || echo "part $N failed; it goes again" >&2
    done <<< "$MISSING"
  done
done

# 3. Complete with each part's ETag (as the listing names them), then use the file_id.
PARTS=$(api "$API/uploads/$ID" | jq -c '{parts: [.parts[] | {part_number, etag}]}')
api -X POST "$API/uploads/$ID/complete" -d "$PARTS"
api -X POST "$API/cut" -d "{\\"file_id\\": \\"$ID\\", \\"start\\": 0, \\"duration\\": 10}"
`;
}
