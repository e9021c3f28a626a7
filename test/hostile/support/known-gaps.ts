/**
 * Documentation gaps the contract check tolerates, each named: answers the
 * server rightly gives but the OpenAPI document does not describe yet. The
 * document is being completed; each entry goes when its gap is closed, and
 * anything not listed here must match the document exactly.
 */
export interface KnownGap {
  /** `METHOD /path` of the route, or `*` for every route. */
  operation: string;
  status: number;
  /** `status`: the status is not documented; `body`: it is, but not its JSON body. */
  kind: 'status' | 'body';
  why: string;
}

export const KNOWN_GAPS: readonly KnownGap[] = [
  { operation: 'POST /uploads', status: 400, kind: 'status', why: 'the 400 of a refused upload request is not documented yet' },
  { operation: 'GET /file', status: 400, kind: 'status', why: 'the 400 of a missing or malformed path is not documented yet' },
  { operation: 'GET /task/{id}', status: 404, kind: 'body', why: 'the JSON error body of the 404 is not documented yet' },
  { operation: 'GET /task/{id}/download', status: 404, kind: 'body', why: 'the JSON error body of the 404 is not documented yet' },
  { operation: 'GET /task/{id}/download', status: 409, kind: 'body', why: 'the JSON error body of the 409 is not documented yet' },
  { operation: 'GET /file', status: 404, kind: 'body', why: 'the JSON error body of the 404 is not documented yet' },
];
