// A yes/no question whose yes runs a command on `input`: the title says what the yes button
// does, in the same words; it is busy while the command runs and shows its refusal.
import type { ComponentProps } from 'react';
import type { CommandError } from '../../../streams/commands/command';
import { useT } from '../../hooks/useT';
import { ConfirmDialog } from './ConfirmDialog';
import { refusalKey } from './refusal';

type AskProps = Omit<ComponentProps<typeof ConfirmDialog>, 'title' | 'confirmLabel' | 'busy' | 'error' | 'onConfirm'>;

export function CommandConfirm<I>({
  label,
  command,
  input,
  ...ask
}: AskProps & { label: string; command: { run: (input: I) => void; busy: boolean; error: CommandError | null }; input: I }) {
  const t = useT('system');
  return (
    <ConfirmDialog
      {...ask}
      title={label}
      confirmLabel={label}
      busy={command.busy}
      error={command.error && t(refusalKey(command.error))}
      onConfirm={() => command.run(input)}
    />
  );
}
