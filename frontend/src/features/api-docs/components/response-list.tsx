import { useTranslation } from 'react-i18next';
import { refName } from '../endpoints';
import type { ApiResponse } from '../openapi-schema';
import { MarkdownText } from './markdown-text';

function statusTone(status: string): string {
  if (status.startsWith('2')) return 'bg-emerald-50 text-emerald-700 ring-emerald-200';
  if (status.startsWith('3')) return 'bg-sky-50 text-sky-700 ring-sky-200';
  if (status.startsWith('4')) return 'bg-red-50 text-red-700 ring-red-200';
  return 'bg-amber-50 text-amber-800 ring-amber-200';
}

/** Every documented answer, in status order: code, what it means (in the reader's words when given), and what its body holds. */
export function ResponseList({ responses, describe }: { responses: Record<string, ApiResponse>; describe: (status: string) => string | undefined }) {
  const { t } = useTranslation('apiDocs');
  const entries = Object.entries(responses).sort(([a], [b]) => a.localeCompare(b));
  return (
    <ul className="divide-y divide-zinc-100">
      {entries.map(([status, response]) => {
        const content = Object.entries(response.content ?? {});
        const headers = Object.keys(response.headers ?? {});
        const description = describe(status) ?? response.description;
        return (
          <li key={status} className="flex min-w-0 gap-3 py-2.5">
            <span dir="ltr" className={`h-fit shrink-0 rounded-md px-2 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset ${statusTone(status)}`}>
              {status}
            </span>
            <div className="min-w-0 flex-1 text-sm">
              {description && (
                <p className="break-words text-zinc-700">
                  <MarkdownText text={description} />
                </p>
              )}
              {content.length > 0 && (
                <p className="mt-0.5 text-xs text-zinc-500">
                  {content.map(([type, media]) => {
                    const name = refName(media.schema);
                    return (
                      <code key={type} dir="ltr" className="me-2 inline-block font-mono break-all">
                        {type}
                        {name ? ` (${name})` : ''}
                      </code>
                    );
                  })}
                </p>
              )}
              {headers.length > 0 && (
                <p className="mt-0.5 text-xs text-zinc-500">
                  {t('responses.headers')}{' '}
                  <code dir="ltr" className="font-mono break-all">
                    {headers.join(', ')}
                  </code>
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
