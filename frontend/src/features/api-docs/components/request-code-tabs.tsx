import { useMemo } from 'react';
import type { ExampleRequest } from '../examples/example-request';
import { renderCurl } from '../examples/render-curl';
import { renderJavaScript } from '../examples/render-javascript';
import { renderPython } from '../examples/render-python';
import { CodeTabs, type CodeByLanguage } from './code-tabs';

/** An endpoint's example request, written out in each language of the tabs. */
export function RequestCodeTabs({ request }: { request: ExampleRequest }) {
  const code = useMemo<CodeByLanguage>(
    () => ({ curl: renderCurl(request), javascript: renderJavaScript(request), python: renderPython(request) }),
    [request],
  );
  return <CodeTabs code={code} />;
}
