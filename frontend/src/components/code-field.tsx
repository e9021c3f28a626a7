import { TextField, type TextFieldProps } from './text-field';

/**
 * A one-time code of 6 digits, as authenticator apps show it: the phone's
 * number pad, the code the browser or a password manager offers, and digits
 * left to right whatever the page's direction.
 */
export function CodeField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete'>) {
  return <TextField type="text" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} dir="ltr" spellCheck={false} className="max-w-56" {...props} />;
}
