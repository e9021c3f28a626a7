/** The caller's own `metadata`, one `key=value` chip per pair. */
export function MetadataChips({ metadata, label }: { metadata: Record<string, string>; label: string }) {
  const pairs = Object.entries(metadata);
  if (pairs.length === 0) return <span className="text-zinc-500">—</span>;
  return (
    <ul aria-label={label} className="flex max-w-72 flex-wrap gap-1">
      {pairs.map(([key, value]) => (
        <li key={key} dir="ltr" data-testid="metadata-chip" title={`${key}=${value}`} className="max-w-full truncate rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700">
          {key}={value}
        </li>
      ))}
    </ul>
  );
}
