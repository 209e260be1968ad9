import { rules, type Rule } from '../core/rules.ts';
import type { TextField } from './define.ts';

/**
 * The one rule a text field follows, which the server's schema and normalisation and the
 * console's form validators are all derived from: the phone, e-mail or password rule, the shared
 * rule the field names, or one of its own (its pattern and message); the field's own lengths
 * narrow the rule's.
 */
export function textRule(field: TextField): Rule {
  const shared =
    field.type === 'phone'
      ? rules.phone
      : field.type === 'email'
        ? rules.email
        : field.type === 'password'
          ? rules.password
          : field.rule
            ? rules[field.rule]
            : undefined;
  const base: Rule = shared ?? {
    normalise: 'trim',
    message: field.patternMessage ?? 'validation.invalid',
    ...(field.pattern ? { pattern: field.pattern } : {}),
  };
  return {
    ...base,
    ...(field.minLength !== undefined ? { minLength: field.minLength } : {}),
    ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
  };
}
