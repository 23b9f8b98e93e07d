// A time zone's field: typed, with the zones the browser knows offered as the user types.
import { TextField, type TextFieldProps } from '../TextField';

export function ZoneField({ listId, ...rest }: Omit<TextFieldProps, 'list' | 'autoComplete'> & { listId: string }) {
  return (
    <>
      <TextField {...rest} list={listId} autoComplete="off" />
      <datalist id={listId}>
        {Intl.supportedValuesOf('timeZone').map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
    </>
  );
}
