/** The element `<code>…</code>` in a translated text becomes: names from the API stay left to right. */
export const inlineCode = <code dir="ltr" className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.8125rem] break-words text-zinc-800" />;
