import type { TRANSITIONS_SINCE_FFMPEG_6_1 } from '@frameforge/functions/features/jobs/contracts/transitions';

type Emulated = (typeof TRANSITIONS_SINCE_FFMPEG_6_1)[number];

/*
 * xfade custom expressions for the transitions FFmpeg added in 6.1, after
 * its own definitions. In xfade, P runs from 1 (all A) to 0 (all B), and the
 * expression gives the value of one pixel of one plane. Only `,` appears
 * besides the whitelisted names, and `;` is never needed: `if(cond, ...)`
 * sequences a stored value before its uses.
 */

/** The pixel of frame `frame` (a or b) at (x, y) in the plane being drawn. */
const sample = (frame: 'a' | 'b', x: string, y: string) =>
  `if(eq(PLANE,0),${frame}0(${x},${y}),if(eq(PLANE,1),${frame}1(${x},${y}),if(eq(PLANE,2),${frame}2(${x},${y}),${frame}3(${x},${y}))))`;

/** B slides in over A from the side opposite the direction. */
const cover = {
  coverleft: `if(gte(X,P*W),${sample('b', 'X-P*W', 'Y')},A)`,
  coverright: `if(lt(X,W-P*W),${sample('b', 'X+P*W', 'Y')},A)`,
  coverup: `if(gte(Y,P*H),${sample('b', 'X', 'Y-P*H')},A)`,
  coverdown: `if(lt(Y,H-P*H),${sample('b', 'X', 'Y+P*H')},A)`,
};

/** A slides out in the direction, uncovering B where it was. */
const reveal = {
  revealleft: `if(lt(X,P*W),${sample('a', 'X+W-P*W', 'Y')},B)`,
  revealright: `if(gte(X,W-P*W),${sample('a', 'X-W+P*W', 'Y')},B)`,
  revealup: `if(lt(Y,P*H),${sample('a', 'X', 'Y+H-P*H')},B)`,
  revealdown: `if(gte(Y,H-P*H),${sample('a', 'X', 'Y-H+P*H')},B)`,
};

/**
 * A wipe whose edge is ragged per row (or column): `along` is the position
 * across the wipe (0..1), `noise` a per-line pseudo-random 0..1 as FFmpeg's
 * frand. The edge is a smoothstep 0.2 wide; slot 0 holds it.
 */
function wind(along: string, line: string): string {
  const noise = `mod(sin(${line})*43758.545,1)`;
  const edge = `clip(-5*((${along})*0.8+0.2*${noise}-(1-P)*1.2),0,1)`;
  return `if(gte(st(0,${edge}),0),A+(B-A)*ld(0)*ld(0)*(3-2*ld(0)),A)`;
}

const winds = {
  hlwind: wind('1-X/W', 'Y*78.233'),
  hrwind: wind('X/W', 'Y*78.233'),
  vuwind: wind('1-Y/H', 'X*12.9898'),
  vdwind: wind('Y/H', 'X*12.9898'),
};

export const EMULATED_TRANSITIONS: Readonly<Record<Emulated, string>> = { ...cover, ...reveal, ...winds };

export function emulatedExpr(name: string): string | undefined {
  return Object.hasOwn(EMULATED_TRANSITIONS, name) ? EMULATED_TRANSITIONS[name as Emulated] : undefined;
}
