// A failed tariff or template save, at the editor's fields: validation issues where the server
// put them; a conflict named from what the screen knows (another tariff on the same date, or a
// record no longer pending); anything else under the form.
import type { CommandError } from '../../../streams/commands/command';
import { serverErrors, type DraftErrors } from './draft';

export function saveErrors(e: CommandError, o: { template?: boolean; sameDateTaken?: boolean } = {}): DraftErrors {
  if (e.code === 'validationFailed' && e.fields.length > 0) return serverErrors(e.fields, o);
  if (e.code === 'conflict') {
    if (o.template) return { name: { code: 'duplicateName' } };
    return o.sameDateTaken ? { effectiveDate: { code: 'duplicateDate' } } : { form: { code: 'notPending' } };
  }
  return { form: { code: 'failed' } };
}
