import { Autocomplete, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';

interface Props {
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  disabled: boolean;
  /** i18n key of the label. */
  label: string;
  /** Narrows the devices offered (the fitment form leaves out installed ones). */
  filter?: Record<string, unknown>;
  /** The field's message, already rendered (a ValidationError). */
  error?: React.ReactNode;
}

/** An IMEI: typed (digits only, at most 15), or chosen from the caller's devices, whose IMEI is label and value. */
export function ImeiPicker({ value, onChange, onBlur, disabled, label, filter = {}, error }: Props) {
  const translate = useTranslate();
  const { data = [] } = useGetList<{ id: string; imei: string }>(
    'device',
    {
      filter: { ...filter, ...(value ? { q: value } : {}) },
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'imei', order: 'ASC' },
    },
    { enabled: !disabled },
  );
  return (
    <Autocomplete
      freeSolo
      disabled={disabled}
      options={data.map((d) => d.imei)}
      filterOptions={(o) => o}
      inputValue={value}
      onInputChange={(_, next) => onChange(next.replace(/\D/g, '').slice(0, 15))}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          label={translate(label)}
          onBlur={onBlur}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { ...params.inputProps, inputMode: 'numeric' } }}
        />
      )}
    />
  );
}
