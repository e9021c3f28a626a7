export type SuccessView = { kind: 'notFound' } | { kind: 'confirm'; sessionId: string | null };

/** /success means something only as Stripe's return URL; typed by hand it is not a page. */
export function successViewOf(params: URLSearchParams): SuccessView {
  if (params.get('success') !== 'true') return { kind: 'notFound' };
  const sessionId = params.get('session_id')?.trim();
  return { kind: 'confirm', sessionId: sessionId ? sessionId : null };
}
