import { MenuItem, TextField } from '@mui/material';
import { TextInput, useGetList, useInput, useTranslate, ValidationError, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { INDIAN_STATES, rtoCode, rtoDetails, stateOfRtoCode, STATE_IDS } from '../../resources/india.ts';
import { formatDate, indianIsoDay, parseIndianDate } from '../../core/format/date.ts';
import { ImeiPicker } from '../../src/resources/inputs/ImeiPicker.tsx';
import { rules, ruleValidator } from '../../core/rules.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date typed as dd/MM/yyyy (the spec's picker format) and kept as yyyy-MM-dd; by default no
 * later than today.
 */
export function IndianDateInput({
  source,
  label,
  validate = [],
  readOnly = false,
  helperText,
}: {
  source: string;
  label: string;
  validate?: Validator[];
  readOnly?: boolean;
  helperText?: string;
}) {
  const check: Validator = (value?: string) => {
    if (!value) return undefined;
    if (!ISO_DAY.test(value)) return 'dates.format';
    return value > indianIsoDay() ? 'dates.future' : undefined;
  };
  return (
    <TextInput
      source={source}
      label={label}
      placeholder="dd/MM/yyyy"
      validate={[...validate, check]}
      readOnly={readOnly}
      helperText={helperText}
      format={(v?: string) => (v && ISO_DAY.test(v) ? formatDate(`${v}T00:00:00Z`) : (v ?? ''))}
      parse={(text: string) => {
        const day = parseIndianDate(text);
        return day ? indianIsoDay(day) : text;
      }}
    />
  );
}

/** State, then its RTO: the RTO picker waits for a state and fills the spec's rto (name-code) and rtoCode (state_code). */
export function RtoInputs() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const code = useWatch({ name: 'vehicle.rtoCode' }) as string | undefined;
  const state = useWatch({ name: 'state' }) as string | undefined;
  // the state is asked for first; its RTO only once there is a state to choose it in
  const { field: stateField, fieldState: stateError } = useInput({
    source: 'state',
    defaultValue: stateOfRtoCode(code) || '',
    validate: (v?: string) =>
      v ? undefined : { message: 'validation.required', args: { label: translate('fitment.fields.state') } },
  });
  const { field: codeField, fieldState } = useInput({
    source: 'vehicle.rtoCode',
    validate: (v: string | undefined, values: { state?: string }) =>
      v || !values.state ? undefined : 'fitment.rtoRequired',
  });
  const { data: rtos = [], isPending } = useGetList<{ id: string; code: string; name: string }>(
    'rto',
    {
      filter: { state },
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'code', order: 'ASC' },
    },
    { enabled: Boolean(state) },
  );
  const choose = (value: string) => {
    const rto = rtos.find((r) => rtoCode(state!, r.code) === value);
    codeField.onChange(value);
    setValue('vehicle.rto', rto ? rtoDetails(rto.name, rto.code) : '', { shouldDirty: true });
  };
  return (
    <>
      <TextField
        select
        required
        label={translate('fitment.fields.state')}
        value={stateField.value ?? ''}
        onChange={(e) => {
          stateField.onChange(e.target.value);
          codeField.onChange('');
          setValue('vehicle.rto', '');
        }}
        error={Boolean(stateError.error)}
        helperText={stateError.error?.message ? <ValidationError error={stateError.error.message} /> : ' '}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="" disabled>
          {translate('fitment.selectState')}
        </MenuItem>
        {STATE_IDS.map((id) => (
          <MenuItem key={id} value={id}>
            {INDIAN_STATES[id]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        required
        label={translate('fitment.fields.rto')}
        disabled={!state}
        value={state && !isPending ? (codeField.value ?? '') : ''}
        onChange={(e) => choose(e.target.value)}
        error={Boolean(fieldState.error)}
        helperText={
          fieldState.error?.message ? (
            <ValidationError error={fieldState.error.message} />
          ) : state && !isPending && !rtos.length ? (
            translate('fitment.noRtos')
          ) : (
            ' '
          )
        }
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="" disabled>
          {translate(state ? 'fitment.rtoRequired' : 'fitment.selectStateFirst')}
        </MenuItem>
        {rtos.map((r) => (
          <MenuItem key={r.id} value={rtoCode(state!, r.code)}>
            {rtoDetails(r.name, r.code)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/** The IMEI field of the form: the devices offered leave out those already installed. */
export function ImeiInput({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const { field, fieldState, formState } = useInput<string>({
    source: 'device.imei',
    validate: (v?: string) =>
      !v
        ? { message: 'validation.required', args: { label: translate('fitment.fields.imei') } }
        : ruleValidator(rules.imei, translate('fitment.fields.imei'))(v),
  });
  return (
    <ImeiPicker
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={disabled}
      label="fitment.fields.imei"
      filter={{ statusNotIn: 'INSTALLED' }}
      error={
        (fieldState.isTouched || formState.isSubmitted) && fieldState.error?.message ? (
          <ValidationError error={fieldState.error.message} />
        ) : undefined
      }
    />
  );
}
