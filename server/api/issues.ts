import type { z } from 'zod';
import type { FieldIssue } from '../../protocol/envelope';

/** zod's issues as the envelope's `{path, issue, limit?}` (`validationFailed`). */
export const toIssues = (err: z.ZodError): FieldIssue[] =>
  err.issues.map((i) => {
    const base = { path: i.path.map(String).join('.') };
    if (i.code === 'too_small') return { ...base, issue: 'tooSmall', limit: Number(i.minimum) };
    if (i.code === 'too_big') return { ...base, issue: 'tooBig', limit: Number(i.maximum) };
    // Parsed with reportInput, so a missing field shows as input undefined whatever the type.
    if ((i.code === 'invalid_type' || i.code === 'invalid_value' || i.code === 'invalid_union') && (i as { input?: unknown }).input === undefined)
      return { ...base, issue: 'required' };
    if (i.code === 'invalid_type') return { ...base, issue: 'invalidType' };
    if (i.code === 'invalid_format' || i.code === 'invalid_value') return { ...base, issue: 'invalidFormat' };
    if (i.code === 'custom') return { ...base, issue: i.message || 'custom' };
    return { ...base, issue: i.code };
  });
