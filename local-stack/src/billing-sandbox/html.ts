/** Markup already escaped: the only thing `html` passes through untouched. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);

type Interpolation = SafeHtml | string | number | boolean | null | undefined | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** A template whose every interpolated value is escaped unless it is itself `html`. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f8fa}
main{max-width:960px;margin:0 auto;padding:24px 16px;display:grid;gap:24px}
@media(min-width:760px){main.split{grid-template-columns:1fr 1fr;padding:48px 24px;gap:48px}}
h1{font-size:1.6rem;margin:.25rem 0}
h2{font-size:1.1rem;margin:0 0 .5rem}
a{color:#635bff}
.card{background:#fff;border:1px solid #e3e8ee;border-radius:8px;padding:20px}
.muted{color:#697386;font-size:.9rem}
.badge{display:inline-block;background:#ffde92;color:#5c3b00;border-radius:4px;padding:0 6px;font-size:.75rem;font-weight:600}
.price{font-size:1.25rem;font-weight:600}
label{display:block;font-size:.9rem;margin:12px 0 4px;color:#3c4257}
input{width:100%;padding:10px 12px;font:inherit;border:1px solid #cfd7df;border-radius:6px;background:#fff}
input[aria-invalid=true]{border-color:#df1b41}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{font:inherit;font-weight:600;border:0;border-radius:6px;padding:12px 16px;background:#635bff;color:#fff;cursor:pointer;width:100%;margin-top:16px}
button.secondary{background:#fff;color:#1a1f36;border:1px solid #cfd7df}
button.danger{background:#fff;color:#df1b41;border:1px solid #df1b41}
a.button{display:block;text-align:center;font-weight:600;text-decoration:none;border-radius:6px;padding:11px 16px;margin-top:12px;color:#1a1f36;border:1px solid #cfd7df;background:#fff}
table{width:100%;border-collapse:collapse;margin:8px 0}
th,td{text-align:left;padding:8px 4px;border-bottom:1px solid #e3e8ee;vertical-align:top}
th{color:#697386;font-weight:500;font-size:.9rem}
td.amount,th.amount{text-align:right;white-space:nowrap}
.total{font-weight:600}
.alert{background:#fde8ec;color:#a41c32;border-radius:6px;padding:10px 12px;margin:12px 0}
.notice{background:#e6f6ee;color:#0e6245;border-radius:6px;padding:10px 12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0}
dt{color:#697386}
dd{margin:0}
ul.plain{list-style:none;padding:0;margin:0}
`;

/** A whole page: no external assets, readable on a phone. */
export function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${new SafeHtml(STYLE)}</style>
</head>
<body>
${body}
</body>
</html>`.value;
}

/** A page telling why there is nothing to show. */
export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  return page(
    title,
    html`<main><div class="card"><h1>${title}</h1><p>${message}</p>${link ? html`<p><a href="${link.href}">${link.text}</a></p>` : ''}</div></main>`,
  );
}
