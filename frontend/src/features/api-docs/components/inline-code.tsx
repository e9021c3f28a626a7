import { inlineCodeClasses } from './markdown-text';

/** The element `<code>…</code>` in a translated text becomes: names from the API stay left to right. */
export const inlineCode = <code dir="ltr" className={inlineCodeClasses} />;
