// What each part of the tariff editor is given, and the editor's number fields: typed as text
// (kept as typed until the draft is checked), read-only when the draft is, each with its error
// under it.
import { TextField, type TextFieldProps } from '../../components/TextField';
import type { DraftErrors } from './draft';
import { useErrorAt } from './errorText';

/** The draft's errors by field path, whether it may be changed, and the prices' currency as the
 *  reader's language names it. */
export interface EditorPart {
  errors: DraftErrors;
  readOnly: boolean;
  currency: string;
}

type NumberFieldProps = Omit<TextFieldProps, 'readOnly' | 'error' | 'inputMode'> & {
  editor: EditorPart;
  /** where the field's error is in `editor.errors` */
  path: string;
  /** a price (a decimal point offered) rather than a whole number */
  decimal?: boolean;
};

export function NumberField({ editor, path, decimal = false, ...rest }: NumberFieldProps) {
  const err = useErrorAt(editor.errors);
  return <TextField {...rest} inputMode={decimal ? 'decimal' : 'numeric'} readOnly={editor.readOnly} error={err(path)} />;
}
