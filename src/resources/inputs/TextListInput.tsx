import { InputAdornment } from '@mui/material';
import {
  AddItemButton,
  ArrayInput,
  RemoveItemButton,
  SimpleFormIterator,
  TextInput,
  useSimpleFormIteratorItem,
  useTranslate,
  type Validator,
} from 'react-admin';
import type { ArrayField } from '../../../resources/define.ts';
import { textRule } from '../../../resources/text-rule.ts';
import { mobileDigits, PHONE_INPUT_LENGTH, ruleValidator } from '../../../core/rules.ts';

/**
 * A list of text entries or mobile numbers (a rule's contact e-mails and phones): one input each,
 * named by its place ("Contact e-mails 2"), added and removed with react-admin's iterator, each
 * checked by the rule the server applies to it.
 */
export function TextListInput({ source, label, field }: { source: string; label: string; field: ArrayField }) {
  const translate = useTranslate();
  const itemLabel = translate(label);
  const phone = field.of === 'phone';
  const itemRule = textRule(
    phone ? { type: 'phone' } : { type: 'text', pattern: field.itemPattern, patternMessage: field.itemPatternMessage },
  );
  // an entry added and left empty: filled in or removed, never sent blank
  const required: Validator = (value: unknown) =>
    typeof value !== 'string' || value.trim() === ''
      ? { message: 'validation.required', args: { label: itemLabel } }
      : undefined;
  const tooMany: Validator = (values?: unknown[]) =>
    field.maxItems !== undefined && (values?.length ?? 0) > field.maxItems
      ? { message: field.maxItemsMessage ?? 'validation.maxItems', args: { label: itemLabel, max: field.maxItems } }
      : undefined;
  return (
    <ArrayInput source={source} label={label} validate={tooMany}>
      <SimpleFormIterator
        inline
        disableReordering
        disableClear
        addButton={<AddItemButton label={translate('list.addEntry', { label: itemLabel })} />}
        removeButton={<RemoveEntryButton label={itemLabel} />}
      >
        <EntryInput label={itemLabel} phone={phone} validate={[required, ruleValidator(itemRule, itemLabel)]} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** The iterator's item: `source` is given by the iterator (the item itself, a scalar). */
function EntryInput({
  label,
  phone,
  validate,
  source = '',
}: {
  label: string;
  phone: boolean;
  validate: Validator[];
  source?: string;
}) {
  const { index } = useSimpleFormIteratorItem();
  return (
    <TextInput
      source={source}
      label={`${label} ${index + 1}`}
      helperText={false}
      validate={validate}
      {...(phone
        ? {
            // ten digits at most, typed or pasted (+91 98765 43210 too), as the SIM form keeps them
            format: (v?: string) => (v ?? '').replace(/^\+91/, ''),
            parse: (v: string) => mobileDigits(v),
            InputProps: { startAdornment: <InputAdornment position="start">+91</InputAdornment> },
            inputProps: { maxLength: PHONE_INPUT_LENGTH, inputMode: 'tel' },
          }
        : {})}
    />
  );
}

function RemoveEntryButton({ label }: { label: string }) {
  const translate = useTranslate();
  const { index } = useSimpleFormIteratorItem();
  return <RemoveItemButton label={translate('list.removeEntry', { label: `${label} ${index + 1}` })} />;
}
