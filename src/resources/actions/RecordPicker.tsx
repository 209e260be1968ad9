import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { findResource } from '../../../resources/modules.ts';
import { recordTitle, type RecordLike } from '../../../resources/display.ts';

type Option = RecordLike & { id: string };

/** Choose one row of a declared resource by typing: the list's own search, scoped by the server. */
export function RecordPicker({
  resource,
  label,
  value,
  onChange,
  filter = {},
}: {
  resource: string;
  label: string;
  value: Option | null;
  onChange(value: Option | null): void;
  filter?: Record<string, unknown>;
}) {
  const translate = useTranslate();
  const declaration = findResource(resource)!;
  const [text, setText] = useState('');
  const { data = [], isPending } = useGetList<Option>(resource, {
    filter: { ...filter, ...(text ? { q: text } : {}) },
    pagination: { page: 1, perPage: 20 },
    sort: { field: declaration.defaultSort[0], order: declaration.defaultSort[1] },
  });
  return (
    <Autocomplete
      options={data}
      loading={isPending}
      value={value}
      onChange={(_, next) => onChange(next)}
      onInputChange={(_, next, reason) => {
        if (reason === 'input') setText(next);
      }}
      getOptionLabel={(option) => recordTitle(declaration, option)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options) => options}
      renderInput={(params) => <TextField {...params} autoFocus margin="dense" label={translate(label)} />}
    />
  );
}
