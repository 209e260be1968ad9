import { AutocompleteArrayInput, ReferenceArrayInput, type Validator } from 'react-admin';
import { findResource } from '../../../resources/modules.ts';
import { PICKER_OPTIONS, recordTitle, type RecordLike } from '../../../resources/display.ts';
import { usePickable } from '../pickable.ts';

/** A row's name, and what tells it apart from another of the same name (a user's e-mail, the declaration's pickerDetail). */
export function pickerOptionText(reference: string, record: RecordLike | undefined): string {
  const target = findResource(reference);
  if (!record || !target) return record ? String(record.id ?? '') : '';
  const detail = (target.pickerDetail ?? []).map((name) => record[name]).filter((v) => v !== null && v !== '' && v);
  const name = recordTitle(target, record);
  return detail.length ? `${name} (${detail.join(', ')})` : name;
}

/**
 * An array field of ids of another resource's rows (a rule's users, its chosen vehicles), picked
 * by typing their names: the list's own search, in the caller's scope, asked as a name picker may
 * ask it (the text typed, the ids shown, sorted by name). A role that may not pick from the
 * resource is not offered the picker (its list would be refused); the field keeps its value.
 */
export function ReferenceArrayPicker({
  source,
  reference,
  label,
  validate,
}: {
  source: string;
  reference: string;
  label: string;
  validate: Validator[];
}) {
  const pickable = usePickable([reference]);
  const target = findResource(reference);
  if (!target || !pickable(reference)) return null;
  return (
    <ReferenceArrayInput
      source={source}
      reference={reference}
      perPage={PICKER_OPTIONS}
      sort={{ field: target.recordLabel[0]!, order: 'ASC' }}
    >
      <AutocompleteArrayInput
        label={label}
        validate={validate}
        fullWidth
        filterToQuery={(q: string) => (q ? { q } : {})}
        optionText={(record: RecordLike) => pickerOptionText(reference, record)}
        noOptionsText="picker.noOptions"
      />
    </ReferenceArrayInput>
  );
}
