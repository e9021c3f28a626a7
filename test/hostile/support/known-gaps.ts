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

// Empty: the six gaps the suite first met (the 400 of POST /uploads and GET /file, the JSON bodies of the
// 404 and 409 of the task, download and file routes) are documented now, so every answer is checked strictly.
export const KNOWN_GAPS: readonly KnownGap[] = [];
