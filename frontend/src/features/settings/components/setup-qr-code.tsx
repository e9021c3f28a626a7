import { useMemo } from 'react';
import { encode } from 'uqr';

/** Modules of light margin on each side: scanners need four to find the code. */
const QUIET_ZONE = 4;

/** The dark modules as one SVG path, a run of neighbours in a row drawn as one rectangle. */
export function qrPath(text: string): { size: number; path: string } {
  // M: a phone camera still reads the code through a smudge or glare.
  const { data, size } = encode(text, { ecc: 'M', border: QUIET_ZONE });
  let path = '';
  data.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      path += `M${start} ${y}h${x - start + 1}v1h-${x - start + 1}z`;
    }
  });
  return { size, path };
}

/**
 * The setup address as a QR code an authenticator app scans: drawn in
 * React from the module matrix (no markup injected), dark on white in
 * every theme, and crisp at any zoom.
 */
export function SetupQrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="two-factor-qr"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="h-44 w-44 rounded-lg bg-white ring-1 ring-inset ring-zinc-200"
    >
      <path d={path} fill="#18181b" />
    </svg>
  );
}
