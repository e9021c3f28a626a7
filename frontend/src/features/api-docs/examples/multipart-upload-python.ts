import { PART_URL_BATCH } from '@frameforge/functions/features/uploads/contracts/upload-limits';

// JSON's string syntax is also valid Python for these texts.
const pyString = (text: string): string => JSON.stringify(text);

/** Python 3.6+ with the standard library only (urllib), so it runs where pip cannot. */
export function multipartUploadPython(baseUrl: string, apiKey: string): string {
  return `# A large file in parts, standard library only: python3 upload.py input.mp4
import json, os, sys, urllib.error, urllib.request

API = ${pyString(baseUrl)}
KEY = ${pyString(apiKey)}
path = sys.argv[1] if len(sys.argv) > 1 else "input.mp4"

def api(route, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(API + route, data, {"X-API-Key": KEY, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        sys.exit(f"{route}: {error.code} {error.read().decode()}")

# 1. Create the upload with the file's size (upload_type multipart: in parts at any size).
upload = api("/uploads", {"file_name": os.path.basename(path), "content_type": "video/mp4", "size": os.path.getsize(path), "upload_type": "multipart"})
file_id, part_size, count = upload["file_id"], upload["part_size"], upload["part_count"]

# 2. ${PART_URL_BATCH} parts at a time: list what arrived, sign fresh URLs for the rest, PUT each missing
#    part (only its slice of the file) and keep the ETag it answers. A failed part goes again next round.
etags = {}
with open(path, "rb") as file:
    for first in range(1, count + 1, ${PART_URL_BATCH}):
        for attempt in range(4):
            status = api(f"/uploads/{file_id}?part_numbers={first}-{min(first + ${PART_URL_BATCH - 1}, count)}")
            etags.update({part["part_number"]: part["etag"] for part in status["parts"]})
            missing = [url for url in status["part_urls"] if url["part_number"] not in etags]
            if not missing:
                break
            if attempt == 3:
                sys.exit(f"parts {[url['part_number'] for url in missing]} keep failing")
            for url in missing:
                n = url["part_number"]
                file.seek((n - 1) * part_size)
                try:
                    with urllib.request.urlopen(urllib.request.Request(url["upload_url"], file.read(part_size), method="PUT")) as response:
                        etags[n] = response.headers["ETag"]
                except OSError as error:
                    print(f"part {n} failed ({error}); it goes again", file=sys.stderr)

# 3. Complete with each part's ETag, then use the file_id in place of an upload.
parts = [{"part_number": n, "etag": etags[n]} for n in sorted(etags)]
print(api(f"/uploads/{file_id}/complete", {"parts": parts}))
print(api("/cut", {"file_id": file_id, "start": 0, "duration": 10}))
`;
}
