import { InputRejectedError } from '../operation';
import { EMULATED_TRANSITIONS } from './emulated-transitions';
import { escapeFilterValue, validateTransitionExpr } from './xfade-expr';

function rejection(expr: string) {
  try {
    validateTransitionExpr(expr);
  } catch (error) {
    if (error instanceof InputRejectedError) return error.jobError;
    throw error;
  }
  throw new Error(`accepted ${expr}`);
}

describe('validateTransitionExpr', () => {
  it('accepts every emulated transition expression', () => {
    for (const expr of Object.values(EMULATED_TRANSITIONS)) expect(validateTransitionExpr(expr)).toBe(expr);
  });

  it.each([
    'if(gt(X,W*P),B,A)',
    'A*P+B*(1-P)',
    'if(lt(abs(X-W/2),W*(1-P)/2),B,A)',
    'between(Y, H*0.25, H*0.75) * B + not(between(Y,H*0.25,H*0.75)) * A',
    'if(eq(PLANE,0),b0(W-X,Y),B)',
    'clip(A + sin(PI*P)*20, 0, 255)',
    '1.5e2 - .5 * pow(2, 3) ^ 1',
  ])('accepts %s, without whitespace', (expr) => {
    expect(validateTransitionExpr(expr)).toBe(expr.replace(/\s+/g, ''));
  });

  it.each([
    ['A;B', ';'],
    ['[0:v]', '['],
    ["if(gt(X,W),'A',B)", "'"],
    ['"A"', '"'],
    ['A:B', ':'],
    ['A\\,B', '\\'],
    ['A%B', '%'],
    ['A\nmovie=x', '='],
  ])('rejects %j for its %s', (expr, bad) => {
    const error = rejection(expr);
    expect(error).toMatchObject({ code: 'invalid_transition_expr', param: 'transition_expr' });
    expect(error.message).toMatch(/^Error: /);
    expect(error.message).toContain(`"${bad}"`);
  });

  it.each(['/etc/passwd', 'file(A)', 'movie(B)', 'while(1,A)', 'root(X,1)', 'X+Z', 'foo', 'sin', 'P(1)', 'sin X'])(
    'rejects the unknown name or misuse in %s',
    (expr) => {
      expect(rejection(expr)).toMatchObject({ code: 'invalid_transition_expr', param: 'transition_expr' });
    },
  );

  it('rejects empty and unbalanced expressions', () => {
    expect(rejection('   ').message).toContain('empty');
    expect(rejection('if(A,B').message).toContain('open');
    expect(rejection('A)+(B').message).toContain('never opened');
  });

  it('does not echo unprintable characters', () => {
    expect(rejection('A\u0000B').message).toContain('U+0000');
  });
});

describe('escapeFilterValue', () => {
  it('escapes commas for the graph and leaves the rest of an expression alone', () => {
    expect(escapeFilterValue('if(gt(X,W),A,B)')).toBe('if(gt(X\\,W)\\,A\\,B)');
  });

  it('escapes quotes, colons, brackets, semicolons and backslashes at both levels', () => {
    expect(escapeFilterValue("a'b")).toBe("a\\\\\\'b");
    expect(escapeFilterValue('a:b')).toBe('a\\\\:b');
    expect(escapeFilterValue('[x];y')).toBe('\\[x\\]\\;y');
    expect(escapeFilterValue('a\\b')).toBe('a\\\\\\\\b');
  });
});
